import { createFileRoute, Outlet } from '@tanstack/react-router';
import { EditorLayout } from '../components/layouts/EditorLayout';
import { HeaderActions } from '../pages/HeaderActions';

export const Route = createFileRoute('/_editor')({
  component: EditorLayoutRoute,
});

function EditorLayoutRoute() {
  return (
    <EditorLayout headerActions={<HeaderActions />}>
      <Outlet />
    </EditorLayout>
  );
}
