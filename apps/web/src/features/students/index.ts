// Student accounts: creating them, joining a class; how a student's name reads.
export { AddStudents } from './components/AddStudents';
export { CreateStudentPage } from './components/CreateStudentPage';
export { JoinClassPage } from './components/JoinClassPage';
export { studentName } from './studentName';
