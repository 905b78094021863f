import type { TaskData } from '@app/contract';
import { Code, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { isEmptyTaskData } from '../document';
import { LazyTaskContent, LazyTaskEditor } from '../lazy';
import { SAMPLE_TASK_DATA } from '../sample';

/** `/tiptaptest` (admin): the task editor with its JSON and the read-only view side by side. */
export function EditorPlayground() {
  usePageTitle(de.titles.tiptapTest);
  const t = de.editor.playground;
  const labelId = useId();
  const [data, setData] = useState<TaskData | null>(SAMPLE_TASK_DATA);

  return (
    <Stack gap="md" p="md">
      <Stack gap={4}>
        <Title order={1}>{de.titles.tiptapTest}</Title>
        <Text c="dimmed">{t.intro}</Text>
      </Stack>
      <Stack gap={4}>
        <Text id={labelId} size="sm" fw={500}>
          {de.tasks.content}
        </Text>
        <LazyTaskEditor initialContent={SAMPLE_TASK_DATA} onChange={setData} labelId={labelId} />
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="section" aria-label={t.preview}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t.preview}
            </Title>
            {data && !isEmptyTaskData(data) ? (
              <LazyTaskContent data={data} label={t.preview} />
            ) : (
              <Text c="dimmed">{t.empty}</Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-label={t.json}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t.json}
            </Title>
            {/* Focusable, so that the scrolling JSON can be read by keyboard too. */}
            <Code block mah={480} style={{ overflow: 'auto' }} tabIndex={0}>
              {JSON.stringify(data, null, 2)}
            </Code>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
