import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NoLayout } from '../components/layouts/NoLayout';

export const Route = createFileRoute('/_none')({
  component: NoLayoutRoute,
});

function NoLayoutRoute() {
  return (
    <NoLayout>
      <Outlet />
    </NoLayout>
  );
}
