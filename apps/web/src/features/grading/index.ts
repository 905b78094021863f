// Grading (the teacher's page), the student's read-only feedback link page and the class's skill profile.
export { ClassSkillProfile } from './components/ClassSkillProfile';
export { mountFeedbackLinkPage } from './components/link/mount';
export { feedbackLinkPage } from './components/link/page';
export { GradingPage } from './components/GradingPage';
export { SkillTrendMark } from './components/SkillTrendMark';
