export { createStudent, createStudents, createStudentsWithoutLogin, resetStudentPassword } from './students';
export { deleteStudent } from './delete';
