import { SUBMISSION_STATUSES } from '@app/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { studentName, SubmissionStatusBadge } from '../../submissions';
import { submissionsQueryOptions, taskFilesQueryOptions, unmatchedFiles } from '../../submissions/queries';
import { taskQueryOptions } from '../../tasks/queries';

const t = de.dev.flow;

/**
 * `/dev/submissions/flow/{taskId}` (organization members): the task's submissions grouped by their stored
 * status (PRODUCT.md §3), read-only, from the same queries as the task page. The loader fetched them.
 */
export function DevSubmissionFlowPage({ taskId }: { taskId: string }) {
  usePageTitle(de.titles.devSubmissionFlow);
  const { data: task } = useSuspenseQuery(taskQueryOptions(taskId));
  const { data: list } = useSuspenseQuery(submissionsQueryOptions(taskId));
  const { data: files } = useSuspenseQuery(taskFilesQueryOptions(taskId));
  const unmatched = unmatchedFiles(files).length;

  return (
    <Stack gap="md">
      <Title order={1}>{de.titles.devSubmissionFlow}</Title>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{task.title}</Text>
        <AnchorLink
          to="/classes/$classId/tasks/$taskId"
          params={{ classId: task.class_id, taskId }}
          size="sm"
        >
          {de.dev.oldTask.open}
        </AnchorLink>
      </Group>
      <Text c="dimmed">{t.intro}</Text>
      {unmatched > 0 && <Text size="sm">{de.submissions.table.unmatched(unmatched)}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {SUBMISSION_STATUSES.map((status) => {
          const entries = list.data.filter((entry) => entry.status === status);
          const headingId = `flow-${status}`;
          return (
            <Paper withBorder p="sm" key={status} component="section" aria-labelledby={headingId}>
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Title order={2} size="h5" id={headingId}>
                  {de.dev.stats.statuses[status]}
                </Title>
                <Badge variant="light" color="gray">
                  {entries.length}
                </Badge>
              </Group>
              {entries.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t.none}
                </Text>
              ) : (
                <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  {entries.map((entry) => (
                    <Group component="li" key={entry.id} gap="xs" wrap="wrap" justify="space-between">
                      <AnchorLink
                        to="/classes/$classId/tasks/$taskId/submissions/$submissionId"
                        params={{ classId: task.class_id, taskId, submissionId: entry.id }}
                        size="sm"
                      >
                        {studentName(entry)}
                      </AnchorLink>
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          {t.files(entry.files.length)}
                        </Text>
                        <SubmissionStatusBadge status={entry.display_status} />
                      </Group>
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
