// Submissions: the students' public submit page (their uploads), the teacher's uploads, matching, the table.
export { FileMatcher } from './components/FileMatcher';
export { StackAssigner } from './components/StackAssigner';
export { SubmissionsAddPage } from './components/SubmissionsAddPage';
export { SubmissionsMatchPage } from './components/SubmissionsMatchPage';
export { SubmissionStatusBadge, SubmissionsTable, studentName } from './components/SubmissionsTable';
export { SubmissionsVerifyPage } from './components/SubmissionsVerifyPage';
export { mountSubmitPage } from './components/submit/mount';
export { TaskQrPage } from './components/TaskQrPage';
export { fileKind } from './files';
