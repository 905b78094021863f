// Corrections: the AI's suggested grading, requested by the teacher and run as background jobs.
export { finishFailedCorrection, runCorrectionJob } from './job';
export {
  CORRECTION_FAILED_QUEUE,
  CORRECTION_MESSAGES,
  CORRECTION_QUEUE,
  CorrectionFailure,
  toAiSkillGroups,
  type CorrectionJobData,
} from './queue';
export { previewCorrections, requestCorrections, requestSubmissionCorrection } from './request';
