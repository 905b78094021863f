// The developer pages (/dev/*, organization members only), the old task view /old/{taskId} and the kept
// submission addresses of the original product (PRODUCT.md §2).
export { DevStudentMatchingPage, DevSubmissionMatchingPage } from './components/DevMatchingPages';
export { DevOcrTestPage } from './components/DevOcrTestPage';
export { DevStatsPage } from './components/DevStatsPage';
export { DevSubmissionFlowPage } from './components/DevSubmissionFlowPage';
export { LegacySubmissionsNotice } from './components/LegacySubmissionsNotice';
export { OldTaskPage } from './components/OldTaskPage';
