export { createClass, deleteClass, getClass, listClasses, updateClass } from './classes';
export { getJoinToken, rotateJoinToken } from './join-token';
export { joinClass, listClassStudents, removeClassStudent } from './members';
