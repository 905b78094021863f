// Student accounts: creating them, joining a class, a class's student list; how a student's name reads.
export { AddStudents } from './components/AddStudents';
export { ClassStudents } from './components/ClassStudents';
export { CreateStudentPage } from './components/CreateStudentPage';
export { JoinClassPage } from './components/JoinClassPage';
export { studentName } from './studentName';
