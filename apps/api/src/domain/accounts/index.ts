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
export { exportAccountData } from './export';
export { permissionCatalog, roleCatalog } from './roles';
export { ocrTest, systemStats } from './dev';
