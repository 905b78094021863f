// Submissions: the students' public submit page (their uploads), the teacher's uploads, matching, the table.
export { ContentView } from './components/ContentView';
export { SubmissionsAddPage } from './components/SubmissionsAddPage';
export { SubmissionsMatchPage } from './components/SubmissionsMatchPage';
export { SubmissionStatusBadge, SubmissionsTable } from './components/SubmissionsTable';
export { SubmissionsVerifyPage } from './components/SubmissionsVerifyPage';
export { SubmitPage } from './components/SubmitPage';
export { TaskQrPage } from './components/TaskQrPage';
export { fileKind } from './files';
