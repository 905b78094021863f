export { displayFeedbackGroups } from './display';
export { findFeedbackLinkFile, loadFeedbackLink } from './feedback-link';
export { changedSinceRelease } from './published';
export { releaseSubmission, releaseTask } from './release';
export { deleteSkillFeedback, resetFeedback, setGroupFeedback, setSkillScore } from './scores';
export { setSkillTexts } from './texts';
export { loadGrading } from './view';
