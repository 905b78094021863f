import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { allTasksQueryOptions } from '../../tasks/queries';
import { CompletenessState, RubricEditor } from './RubricEditor';
import { SkillGenerationStep } from './SkillGenerationStep';
import { rubricQueryOptions } from '../queries';

const t = de.rubrics.dev;

function DevTaskPage({ title, children }: { title: string; children: (taskId: string) => ReactNode }) {
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
      {taskId ? children(taskId) : <Text c="dimmed">{t.pickTask}</Text>}
    </Stack>
  );
}

/** `/dev/skillEditor`: the rubric editor of any of the teacher's tasks. */
export function DevSkillEditorPage() {
  return (
    <DevTaskPage title={de.titles.devSkillEditor}>
      {(taskId) => <RubricEditor key={taskId} taskId={taskId} />}
    </DevTaskPage>
  );
}

/** `/dev/competenceGenerationStep`: the generation step alone, with the resulting rubric's state below. */
export function DevCompetenceGenerationPage() {
  return (
    <DevTaskPage title={de.titles.devCompetenceGeneration}>
      {(taskId) => (
        <Stack gap="md" key={taskId}>
          <Paper withBorder p="md">
            <SkillGenerationStep taskId={taskId} />
          </Paper>
          <GeneratedState taskId={taskId} />
        </Stack>
      )}
    </DevTaskPage>
  );
}

function GeneratedState({ taskId }: { taskId: string }) {
  const rubric = useQuery(rubricQueryOptions(taskId));
  if (!rubric.data || rubric.data.skill_groups.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {de.rubrics.heading}
      </Title>
      <CompletenessState rubric={rubric.data} />
      {rubric.data.skill_groups.map((group) => (
        <Text key={group.id} size="sm">
          {group.name}: {group.skills.map((s) => s.name).join(', ')}
        </Text>
      ))}
    </Stack>
  );
}
