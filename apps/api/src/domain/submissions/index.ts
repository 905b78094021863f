export { deleteSubmission } from './delete';
export { listSubmissions } from './list';
export { matchFile, unmatchFile } from './matching';
export {
  createMissingSubmissions,
  createMissingSubmissionsForStudent,
  createMissingSubmissionsForTask,
} from './missing';
export { updateSubmissionStatus } from './status';
export { getSubmitPage } from './submit-page';
export { studentUpload, studentUploadNamed, teacherUpload } from './uploads';
