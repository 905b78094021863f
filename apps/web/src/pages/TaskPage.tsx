import { Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../components/links';
import { useClassAccess } from '../features/classes';
import { classQueryOptions } from '../features/classes/queries';
import { RubricSection } from '../features/rubrics';
import { subjectsQueryOptions } from '../features/subjects/queries';
import { SubmissionsTable } from '../features/submissions';
import {
  TaskContentCard,
  TaskDetailsCard,
  TaskEditForm,
  TaskPrintCard,
  TaskStatusBadge,
  TaskStatusCard,
} from '../features/tasks';
import { taskQueryOptions } from '../features/tasks/queries';
import { de } from '../i18n/de';
import { usePageTitle } from '../lib/usePageTitle';

/**
 * `/classes/{classId}/tasks/{taskId}` (PRODUCT.md §2): the task's content read-only, its rubric and
 * submissions; beside them its status (publish, close, reopen), due date and feedback template (edit, delete)
 * and the printable PDFs. Composes the tasks, rubrics and submissions features. In a colleague's class
 * (`useClassAccess`) 'view' reads everything, 'grade' also grades and prints the worksheets, and only
 * 'manage' changes the task (status, details, rubric) or deletes it or a hand-in.
 */
export function TaskPage({ classId, taskId }: { classId: string; taskId: string }) {
  usePageTitle(de.titles.task);
  const { data: task } = useSuspenseQuery(taskQueryOptions(taskId));
  const { data: cls } = useSuspenseQuery(classQueryOptions(classId));
  // The subject's name for a template saved from this task (the list is usually cached already).
  const { data: subjects } = useQuery(subjectsQueryOptions);
  const subjectName = subjects?.find((subject) => subject.id === cls.subject_id)?.name ?? '';
  const access = useClassAccess(classId);
  const canManage = access.can('manage');
  const canGrade = access.can('grade');
  const [editing, setEditing] = useState(false);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <AnchorLink to="/classes/$classId" params={{ classId }} size="sm">
          ← {de.tasks.backToClass(cls.name)}
        </AnchorLink>
        <Group gap="sm" align="center">
          <Title order={1}>{task.title}</Title>
          <TaskStatusBadge status={task.status} />
        </Group>
      </Stack>
      {editing && canManage ? (
        <TaskEditForm task={task} onDone={() => setEditing(false)} />
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <TaskContentCard task={task} />
              <RubricSection
                taskId={taskId}
                editable={canManage}
                templateDefaults={{ title: task.title, subject: subjectName, grade: cls.grade }}
              />
              <Paper withBorder p="md" component="section" aria-labelledby="task-submissions">
                <Stack gap="sm">
                  <Title order={2} size="h4" id="task-submissions">
                    {de.tasks.submissionsHeading}
                  </Title>
                  <SubmissionsTable
                    classId={classId}
                    taskId={taskId}
                    canGrade={canGrade}
                    canManage={canManage}
                  />
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <TaskStatusCard task={task} editable={canManage} />
              <TaskDetailsCard task={task} onEdit={() => setEditing(true)} editable={canManage} />
              <TaskPrintCard task={task} canGrade={canGrade} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
