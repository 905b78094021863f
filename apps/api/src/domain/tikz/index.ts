export { renderTikz } from './render-tikz';
export { storedTaskData, withRenderedTikz } from './task-data';
