export { createStudent, createStudents, createStudentsWithoutLogin, resetStudentPassword } from './students';
