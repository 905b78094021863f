import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { RubricEditor } from './RubricEditor';
import { SkillGenerationStep } from './SkillGenerationStep';

const t = de.rubrics;

/** The rubric on the task page: the editor, and the generation step behind a button. */
export function RubricSection({ taskId }: { taskId: string }) {
  const [generating, setGenerating] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="task-rubric">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="task-rubric">
            {t.heading}
          </Title>
          <Button variant={generating ? 'default' : 'light'} onClick={() => setGenerating((v) => !v)}>
            {generating ? t.generation.close : t.generation.open}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {generating && (
          <Paper withBorder p="md" component="section" aria-label={t.generation.heading}>
            <Stack gap="sm">
              <Title order={3} size="h5">
                {t.generation.heading}
              </Title>
              <SkillGenerationStep taskId={taskId} onDone={() => setGenerating(false)} />
            </Stack>
          </Paper>
        )}
        <RubricEditor taskId={taskId} />
      </Stack>
    </Paper>
  );
}
