import { newId } from '@app/contract';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { DataLoadError } from '../../components/DataLoadError';
import { classesQueryOptions } from '../../features/classes/queries';
import { TaskCreatePage } from '../../features/tasks';
import { de } from '../../i18n/de';
import { searchText } from '../../lib/search';

export const Route = createFileRoute('/_none/createTask')({
  validateSearch: (search: Record<string, unknown>): { classId?: string } => ({
    classId: searchText(search.classId),
  }),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(classesQueryOptions),
  errorComponent: (props) => <DataLoadError {...props} message={de.toasts.classes.loadFailed} />,
  component: CreateTaskPage,
});

function CreateTaskPage() {
  const { classId } = Route.useSearch();
  const [draftId] = useState(newId);
  return <TaskCreatePage title={de.titles.createTask} classId={classId} draftId={draftId} />;
}
