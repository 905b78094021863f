export { removeStoredFilesOfTasks, taskIdsOfClass } from './cleanup';
export {
  deleteFile,
  fileColumns,
  fileToSend,
  findFile,
  listTaskFiles,
  storedBytes,
  storedFileColumns,
} from './files';
export { ORPHAN_GRACE_MS, ORPHAN_SWEEP_INTERVAL_MS, removeOrphanFiles, type OrphanSweep } from './orphans';
export { fileThumbnail, thumbnailEtag } from './thumbnail';
