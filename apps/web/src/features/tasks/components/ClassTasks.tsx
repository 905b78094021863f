import { newId, type Task } from '@app/contract';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../auth';
import { classTasksQueryOptions, useCreateTask, useDeleteTask, usePendingTaskIds } from '../queries';
import { TaskStatusBadge } from './TaskStatusBadge';

/**
 * The tasks of a class, newest first, with their status; a new task by its full form or, title only, right
 * here (it shows at once and disappears again if the server refuses, PRODUCT.md §4). Not `editable` (a
 * colleague's class they may not manage): the list only.
 */
export function ClassTasks({ classId, editable = true }: { classId: string; editable?: boolean }) {
  const t = de.classes.tasks;
  const { data: tasks } = useSuspenseQuery(classTasksQueryOptions(classId));
  const pendingIds = usePendingTaskIds();
  const remove = useDeleteTask();
  const [toDelete, setToDelete] = useState<Task | null>(null);
  // The id of the next task's form page (`/tasks/new/$id`); its local row carries it until the server answers.
  const [draftId] = useState(newId);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="class-tasks">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="class-tasks">
            {t.heading}
          </Title>
          {/* On a page the server rendered (ADR 036) the address keeps the server's unused id, a click uses this one. */}
          {editable && (
            <ButtonLink
              to="/classes/$classId/tasks/new/$id"
              params={{ classId, id: draftId }}
              size="sm"
              suppressHydrationWarning
            >
              {t.newTask}
            </ButtonLink>
          )}
        </Group>
        {editable && <QuickTaskForm classId={classId} />}
        {tasks.length === 0 ? (
          <Text c="dimmed">{t.empty}</Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.heading}>
            {tasks.map((task) => {
              const pending = pendingIds.includes(task.id);
              return (
                <Group
                  key={task.id}
                  component="li"
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  data-task-id={task.id}
                  aria-busy={pending || undefined}
                >
                  {/* The title takes the line; on a phone the status and the button go below it. */}
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                    {pending ? (
                      <Text fw={600}>{task.title}</Text>
                    ) : (
                      <AnchorLink
                        to="/classes/$classId/tasks/$taskId"
                        params={{ classId, taskId: task.id }}
                        fw={600}
                      >
                        {task.title}
                      </AnchorLink>
                    )}
                    <Text size="sm" c="dimmed">
                      {pending ? t.pending : task.due_date ? t.due(formatDateTime(task.due_date)) : t.noDue}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <TaskStatusBadge status={task.status} />
                    {editable && (
                      <Button
                        size="xs"
                        color="red"
                        variant="subtle"
                        disabled={pending}
                        aria-label={t.deleteLabel(task.title)}
                        onClick={() => setToDelete(task)}
                      >
                        {de.common.delete}
                      </Button>
                    )}
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title={de.tasks.deleteTitle}
        text={toDelete ? de.tasks.deleteText(toDelete.title) : ''}
        confirmLabel={de.tasks.deleteConfirm}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
      />
    </Paper>
  );
}

/** A task with a title only, as a draft: the quickest way to collect this week's tasks. */
function QuickTaskForm({ classId }: { classId: string }) {
  const t = de.classes.tasks;
  const create = useCreateTask();
  const { session } = useSession();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const trimmed = title.trim();
    if (!trimmed) {
      setError(de.errors.TASK_TITLE_REQUIRED);
      return;
    }
    setError(null);
    setTitle('');
    create.mutate(
      { input: { title: trimmed, class_id: classId }, tempId: newId(), userId: session?.user?.id ?? '' },
      // Nothing typed is lost: a refused title comes back into the field.
      { onError: () => setTitle((current) => current || trimmed) },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Group align="flex-start" wrap="wrap" gap="xs">
        <TextInput
          label={t.quickTitle}
          placeholder={t.quickPlaceholder}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          style={{ flex: '1 1 12rem' }}
        />
        <Button type="submit" variant="light" mt={25}>
          {t.quickAdd}
        </Button>
      </Group>
    </form>
  );
}
