// AI corrections of a task's submissions (background jobs): the bar and button on the submissions table.
export { CorrectionBar } from './components/CorrectionBar';
export { CorrectionButton } from './components/CorrectionButton';
