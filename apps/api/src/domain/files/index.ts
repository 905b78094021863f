export { removeStoredFilesOfTasks, taskIdsOfClass } from './cleanup';
export { deleteFile, fileColumns, findFile, listTaskFiles, storedFileColumns } from './files';
export { ORPHAN_GRACE_MS, ORPHAN_SWEEP_INTERVAL_MS, removeOrphanFiles, type OrphanSweep } from './orphans';
