// The teacher's subjects page; the subjects' queries are in queries.ts.
export { SubjectsPage } from './components/SubjectsPage';
