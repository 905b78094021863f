import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { de } from '../../../i18n/de';
import { RubricEditor } from './RubricEditor';
import { RubricLibraryButton, SaveTemplateButton, type TemplateDefaults } from './RubricLibrary';
import { RubricView } from './RubricView';
import { SkillGenerationStep } from './SkillGenerationStep';

const t = de.rubrics;

/**
 * The rubric on the task page: the editor, the generation step and the rubric library behind buttons;
 * read-only for a colleague who may not manage the class (`editable` false), who may still save the rubric
 * as a template of their own.
 */
export function RubricSection({
  taskId,
  editable = true,
  templateDefaults,
}: {
  taskId: string;
  editable?: boolean;
  /** What "Als Vorlage speichern" starts with (the task's title, its class's subject and grade). */
  templateDefaults: TemplateDefaults;
}) {
  const [generating, setGenerating] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="task-rubric">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="task-rubric">
            {t.heading}
          </Title>
          <Group gap="xs">
            {editable && (
              <Button variant={generating ? 'default' : 'light'} onClick={() => setGenerating((v) => !v)}>
                {generating ? t.generation.close : t.generation.open}
              </Button>
            )}
            {editable && <RubricLibraryButton taskId={taskId} />}
            <SaveTemplateButton taskId={taskId} defaults={templateDefaults} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {!editable && (
          <Text size="sm" c="dimmed">
            {de.sharing.readOnly.rubric}
          </Text>
        )}
        {editable && generating && (
          <Paper withBorder p="md" component="section" aria-label={t.generation.heading}>
            <Stack gap="sm">
              <Title order={3} size="h5">
                {t.generation.heading}
              </Title>
              <SkillGenerationStep taskId={taskId} onDone={() => setGenerating(false)} />
            </Stack>
          </Paper>
        )}
        {editable ? <RubricEditor taskId={taskId} /> : <RubricView taskId={taskId} />}
      </Stack>
    </Paper>
  );
}
