import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ContentView } from '../../editor';
import { SubmissionsTable } from '../../submissions';
import { taskQueryOptions } from '../../tasks/queries';

const t = de.dev.oldTask;

/**
 * `/old/{taskId}` and `/old/{taskId}/edit` (PRODUCT.md §2, the original product's addresses): the task
 * read-only with its submissions table; editing happens on the task page it links to. The loader fetched it.
 */
export function OldTaskPage({ taskId }: { taskId: string }) {
  usePageTitle(de.titles.oldTask);
  const { data: task } = useSuspenseQuery(taskQueryOptions(taskId));
  const params = { classId: task.class_id, taskId };
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Title>
        <ButtonLink to="/classes/$classId/tasks/$taskId" params={params} variant="light" size="xs">
          {t.open}
        </ButtonLink>
      </Group>
      <Paper withBorder p="md" component="section" aria-labelledby="old-task-content">
        <Title order={2} size="h4" id="old-task-content" mb="xs">
          {t.content}
        </Title>
        {task.data ? <ContentView data={task.data} /> : <Text c="dimmed">{t.noContent}</Text>}
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="old-task-submissions">
        <Title order={2} size="h4" id="old-task-submissions">
          {t.submissions}
        </Title>
        <SubmissionsTable classId={task.class_id} taskId={taskId} />
      </Stack>
    </Stack>
  );
}
