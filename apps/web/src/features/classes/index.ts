// The class pages and the parts of a class's page (pages/ClassPage.tsx); the classes' queries and the join
// token's formatting are in queries.ts.
export { ClassDataExport, DeleteClass } from './components/ClassActions';
export { ClassDetailsForm } from './components/ClassDetailsForm';
export { ClassesPage } from './components/ClassesPage';
export { JoinTokenCard } from './components/JoinTokenCard';
export { ShowClassTokenPage } from './components/ShowClassTokenPage';
