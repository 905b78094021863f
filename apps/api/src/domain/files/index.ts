export { removeStoredFilesOfTasks, taskIdsOfClass } from './cleanup';
export { deleteFile, fileColumns, findFile, listTaskFiles } from './files';
