import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PagePending } from '../../../components/PagePending';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { FileMatcher, StackAssigner } from '../../submissions';
import { submissionsQueryOptions, taskFilesQueryOptions } from '../../submissions/queries';
import { allTasksQueryOptions } from '../../tasks/queries';

const t = de.dev;

/** Loads the task's two lists first: the matching components read them from the cache (suspense queries). */
function TaskLists({ taskId, children }: { taskId: string; children: ReactNode }) {
  const list = useQuery(submissionsQueryOptions(taskId));
  const files = useQuery(taskFilesQueryOptions(taskId));
  const error = list.error ?? files.error;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message || t.loadFailed}
      </Alert>
    );
  if (!list.data || !files.data) return <PagePending />;
  return children;
}

/** A developer page with a select of the user's tasks; the chosen task's matching view below. */
function DevMatchingPage({ title, children }: { title: string; children: (taskId: string) => ReactNode }) {
  usePageTitle(title);
  const tasks = useQuery(allTasksQueryOptions);
  const [taskId, setTaskId] = useState<string | null>(null);
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{title}</Title>
      <Select
        label={t.taskPicker}
        placeholder={tasks.data?.length === 0 ? t.noTasks : t.taskPickerPlaceholder}
        data={(tasks.data ?? []).map((task) => ({ value: task.id, label: task.title }))}
        value={taskId}
        onChange={setTaskId}
        searchable
        maw={420}
      />
      {taskId ? (
        <TaskLists key={taskId} taskId={taskId}>
          {children(taskId)}
        </TaskLists>
      ) : (
        <Text c="dimmed">{t.matching.pickTask}</Text>
      )}
    </Stack>
  );
}

/** `/dev/submissions/matching`: the file matcher of the task's submissions page (drag files onto names). */
export function DevSubmissionMatchingPage() {
  return (
    <DevMatchingPage title={de.titles.devSubmissionMatching}>
      {(taskId) => <FileMatcher taskId={taskId} />}
    </DevMatchingPage>
  );
}

/** `/dev/submissions/studentmatching`: the scanned stack's pages per student, with the scan review. */
export function DevStudentMatchingPage() {
  return (
    <DevMatchingPage title={de.titles.devStudentMatching}>
      {(taskId) => <StackAssigner taskId={taskId} />}
    </DevMatchingPage>
  );
}
