// The task pages and a class's task list; the tasks' queries are in queries.ts.
export { ClassTasks } from './components/ClassTasks';
export { TaskCreatePage } from './components/TaskCreatePage';
export { TaskPage } from './components/TaskPage';
