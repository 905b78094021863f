import { SUBMISSION_STATUSES } from '@app/contract';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { devStatsQueryOptions } from '../queries';

const t = de.dev.stats;

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value.toLocaleString('de-DE')}
      </Text>
    </Paper>
  );
}

/** `/dev/stats` (organization members): counts, the job queue's health and what the AI cost. */
export function DevStatsPage() {
  usePageTitle(de.titles.devStats);
  const stats = useQuery(devStatsQueryOptions);
  const data = stats.data;
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1}>{de.titles.devStats}</Title>
        <Button variant="light" size="xs" onClick={() => void stats.refetch()} loading={stats.isFetching}>
          {t.refresh}
        </Button>
      </Group>
      {stats.isPending && <Loader size="sm" aria-label={de.titles.devStats} />}
      {stats.isError && (
        <Alert color="red" role="alert">
          {stats.error.message || de.dev.loadFailed}
        </Alert>
      )}
      {data && (
        <>
          <Stack gap="xs" component="section" aria-labelledby="stats-counts">
            <Title order={2} size="h4" id="stats-counts">
              {t.counts}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Figure label={t.users} value={data.counts.users} />
              <Figure label={t.classes} value={data.counts.classes} />
              <Figure label={t.tasks} value={data.counts.tasks} />
              <Figure label={t.files} value={data.counts.files} />
            </SimpleGrid>
          </Stack>

          <Stack gap="xs" component="section" aria-labelledby="stats-submissions">
            <Title order={2} size="h4" id="stats-submissions">
              {t.submissions}
            </Title>
            <Table withTableBorder maw={420}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.status}</Table.Th>
                  <Table.Th ta="right">{t.count}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {SUBMISSION_STATUSES.map((status) => (
                  <Table.Tr key={status}>
                    <Table.Td>{t.statuses[status]}</Table.Td>
                    <Table.Td ta="right">{(data.submissions[status] ?? 0).toLocaleString('de-DE')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>

          <Stack gap="xs" component="section" aria-labelledby="stats-queue">
            <Title order={2} size="h4" id="stats-queue">
              {t.queue}
            </Title>
            {data.queues === null ? (
              <Alert color="gray" variant="light" title={t.queueNotStarted} role="note">
                {t.queueNotStartedHint}
              </Alert>
            ) : data.queues.length === 0 ? (
              <Text c="dimmed">{t.noQueues}</Text>
            ) : (
              <Table.ScrollContainer minWidth={360}>
                <Table withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.queueName}</Table.Th>
                      <Table.Th ta="right">{t.queued}</Table.Th>
                      <Table.Th ta="right">{t.active}</Table.Th>
                      <Table.Th ta="right">{t.failed}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.queues.map((queue) => (
                      <Table.Tr key={queue.name}>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{queue.name}</Table.Td>
                        <Table.Td ta="right">{queue.queued}</Table.Td>
                        <Table.Td ta="right">{queue.active}</Table.Td>
                        <Table.Td ta="right" c={queue.failed > 0 ? 'red' : undefined}>
                          {queue.failed}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>

          <Stack gap="xs" component="section" aria-labelledby="stats-ai">
            <Title order={2} size="h4" id="stats-ai">
              {t.aiSpend}
            </Title>
            <Text>{t.coinsSpent(data.coinsSpent)}</Text>
          </Stack>
        </>
      )}
    </Stack>
  );
}
