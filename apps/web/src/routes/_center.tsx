import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CenterLayout } from '../components/layouts/CenterLayout';

export const Route = createFileRoute('/_center')({
  component: CenterLayoutRoute,
});

function CenterLayoutRoute() {
  return (
    <CenterLayout>
      <Outlet />
    </CenterLayout>
  );
}
