// The task pages, a class's task list and the parts of a task's page (pages/TaskPage.tsx); the tasks' queries
// are in queries.ts.
export { ClassTasks } from './components/ClassTasks';
export {
  TaskContentCard,
  TaskDetailsCard,
  TaskEditForm,
  TaskPrintCard,
  TaskStatusCard,
} from './components/TaskCards';
export { TaskCreatePage } from './components/TaskCreatePage';
export { TaskStatusBadge } from './components/TaskStatusBadge';
