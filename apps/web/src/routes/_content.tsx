import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ContentLayout } from '../components/layouts/ContentLayout';
import { HeaderActions } from '../pages/HeaderActions';

export const Route = createFileRoute('/_content')({
  component: ContentLayoutRoute,
});

function ContentLayoutRoute() {
  return (
    <ContentLayout headerActions={<HeaderActions />}>
      <Outlet />
    </ContentLayout>
  );
}
