export { createTask, deleteTask, getTask, listTasks, updateTask } from './tasks';
