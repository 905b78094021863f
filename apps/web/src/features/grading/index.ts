// Grading (the teacher's page) and the student's read-only feedback link page.
export { FeedbackLinkPage } from './components/FeedbackLinkPage';
export { GradingPage } from './components/GradingPage';
export { SkillTrendMark } from './components/SkillTrendMark';
