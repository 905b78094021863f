export { createStudent, createStudents, resetStudentPassword } from './students';
