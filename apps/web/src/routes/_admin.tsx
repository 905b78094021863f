import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminLayout } from '../components/layouts/AdminLayout';
import { HeaderActions } from '../pages/HeaderActions';

export const Route = createFileRoute('/_admin')({
  component: AdminLayoutRoute,
});

function AdminLayoutRoute() {
  return (
    <AdminLayout headerActions={<HeaderActions />}>
      <Outlet />
    </AdminLayout>
  );
}
