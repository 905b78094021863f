// The class pages; the classes' queries and the join token's formatting are in queries.ts.
export { ClassPage } from './components/ClassPage';
export { ClassesPage } from './components/ClassesPage';
export { ShowClassTokenPage } from './components/ShowClassTokenPage';
