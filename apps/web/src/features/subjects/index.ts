// The teacher's subjects (the body of /subjects, pages/SubjectsPage.tsx); the subjects' queries are in queries.ts.
export { SubjectsView } from './components/SubjectsView';
