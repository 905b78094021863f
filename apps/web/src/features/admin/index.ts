// The admin pages; their query options are in queries.ts.
export { AdminOverview } from './components/AdminOverview';
export { AdminRights } from './components/AdminRights';
export { AdminUsersTable } from './components/AdminUsersTable';
