import { createFileRoute, Outlet } from '@tanstack/react-router';
import { EditorLayout } from '../components/layouts/EditorLayout';

export const Route = createFileRoute('/_editor')({
  component: EditorLayoutRoute,
});

function EditorLayoutRoute() {
  return (
    <EditorLayout>
      <Outlet />
    </EditorLayout>
  );
}
