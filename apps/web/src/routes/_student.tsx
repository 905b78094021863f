import { createFileRoute, Outlet } from '@tanstack/react-router';
import { StudentLayout } from '../components/layouts/StudentLayout';

export const Route = createFileRoute('/_student')({
  component: StudentLayoutRoute,
});

function StudentLayoutRoute() {
  return (
    <StudentLayout>
      <Outlet />
    </StudentLayout>
  );
}
