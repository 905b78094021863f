import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ContentLayout } from '../components/layouts/ContentLayout';

export const Route = createFileRoute('/_content')({
  component: ContentLayoutRoute,
});

function ContentLayoutRoute() {
  return (
    <ContentLayout>
      <Outlet />
    </ContentLayout>
  );
}
