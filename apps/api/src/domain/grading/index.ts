export { displayFeedbackGroups } from './display';
export { findFeedbackLinkFile, loadFeedbackLink } from './feedback-link';
export { releaseSubmission, releaseTask } from './release';
export { deleteSkillFeedback, resetFeedback, setGroupFeedback, setSkillScore } from './scores';
export { loadGrading } from './view';
