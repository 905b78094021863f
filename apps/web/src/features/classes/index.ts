// The class pages and the parts of a class's page (pages/ClassPage.tsx); the classes' queries and the join
// token's formatting are in queries.ts. `useClassAccess` is what a page asks before it shows a control that a
// colleague's role (co-teaching) may not use.
export { useClassAccess, type ClassAccessInfo } from './access';
export { ClassDataExport, DeleteClass } from './components/ClassActions';
export { ClassDetailsForm } from './components/ClassDetailsForm';
export { ClassesPage } from './components/ClassesPage';
export { ClassTeachers } from './components/ClassTeachers';
export { JoinTokenCard } from './components/JoinTokenCard';
export { ShowClassTokenPage } from './components/ShowClassTokenPage';
