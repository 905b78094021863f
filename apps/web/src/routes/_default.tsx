import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DefaultLayout } from '../components/layouts/DefaultLayout';
import { HeaderActions } from '../pages/HeaderActions';

export const Route = createFileRoute('/_default')({
  component: DefaultLayoutRoute,
});

function DefaultLayoutRoute() {
  return (
    <DefaultLayout headerActions={<HeaderActions />}>
      <Outlet />
    </DefaultLayout>
  );
}
