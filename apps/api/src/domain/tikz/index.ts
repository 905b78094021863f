export { renderTikz } from './render-tikz';
export { withRenderedTikz } from './task-data';
