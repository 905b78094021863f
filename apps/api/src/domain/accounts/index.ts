export {
  addUserRole,
  grantUserCoins,
  listUsers,
  removeUserRole,
  sendPasswordReset,
  userCoins,
  userRoles,
} from './admin';
export { deleteOwnAccount, deleteUser } from './delete';
export { DEMO_TEACHER } from './demo';
export { permissionCatalog, roleCatalog } from './roles';
