import type { Task, TaskStatus } from '@app/contract';
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/dates';
import { toast, toastApiError } from '../../../lib/toast';
import { isEmptyTaskData } from '../../editor';
import { ContentView } from '../../editor';
import { downloadClassOverview, downloadWorksheets, useDeleteTask, useUpdateTask } from '../queries';
import { FeedbackExport } from './FeedbackExport';
import { taskFormValues, updateTaskRequest, type TaskFormValues } from '../taskValues';
import { TaskForm } from './TaskForm';
import { TaskStatusBadge } from './TaskStatusBadge';

// The parts of a task's page (pages/TaskPage.tsx, which adds the rubric and the submissions).

/** The status buttons of ARCHITECTURE.md §5 (draft → published → closed, closed → published again). */
const statusActions: Record<TaskStatus, { to: TaskStatus; label: string }> = {
  draft: { to: 'published', label: de.tasks.publish },
  published: { to: 'closed', label: de.tasks.close },
  closed: { to: 'published', label: de.tasks.reopen },
};

/**
 * The task's content, read-only, drawn as the students' pages draw it (formulas, pictures and tables) without
 * the editor's code, so that the server can render it with the page (ADR 036).
 */
export function TaskContentCard({ task }: { task: Task }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="task-content">
      <Stack gap="sm">
        <Title order={2} size="h4" id="task-content">
          {de.tasks.content}
        </Title>
        {task.data && !isEmptyTaskData(task.data) ? (
          <div role="document" aria-label={de.tasks.content}>
            <ContentView data={task.data} />
          </div>
        ) : (
          <Text c="dimmed">{de.tasks.contentEmpty}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The task's status with the button to publish, close or reopen it (not for a colleague who may not manage
 * the class: `editable`).
 */
export function TaskStatusCard({ task, editable = true }: { task: Task; editable?: boolean }) {
  const update = useUpdateTask();
  const action = statusActions[task.status];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="task-status">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="task-status">
            {de.tasks.statusLabel}
          </Title>
          <TaskStatusBadge status={task.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {de.tasks.statusHelp[task.status]}
        </Text>
        {editable && (
          <Group>
            <Button
              loading={update.isPending}
              variant={task.status === 'published' ? 'light' : 'filled'}
              onClick={() => update.mutate({ current: task, changes: { status: action.to } })}
            >
              {action.label}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The printable PDFs of the task (PRODUCT.md §4 PDF-Vorlagen): the class's worksheets (one page set per
 * student with their own QR code; they start the students' hand-ins, so only who may grade: `canGrade`), the
 * class overview and the class export of the feedback sheets.
 */
export function TaskPrintCard({ task, canGrade = true }: { task: Task; canGrade?: boolean }) {
  const [busy, setBusy] = useState<'worksheets' | 'overview' | null>(null);
  const run = async (which: 'worksheets' | 'overview') => {
    setBusy(which);
    try {
      const name =
        which === 'worksheets' ? await downloadWorksheets(task) : await downloadClassOverview(task);
      toast.success(de.pdfs.downloaded(name));
    } catch (error) {
      toastApiError(error, which === 'worksheets' ? de.pdfs.failed : de.pdfs.classOverviewFailed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="task-print">
      <Stack gap="sm">
        <Title order={2} size="h4" id="task-print">
          {de.pdfs.heading}
        </Title>
        {canGrade && (
          <>
            <Text size="sm" c="dimmed">
              {de.pdfs.worksheetsHelp}
            </Text>
            <Group>
              <Button
                variant="default"
                loading={busy === 'worksheets'}
                onClick={() => void run('worksheets')}
              >
                {de.pdfs.printWorksheets}
              </Button>
            </Group>
          </>
        )}
        <Text size="sm" c="dimmed">
          {de.pdfs.classOverviewHelp}
        </Text>
        <Group>
          <Button variant="default" loading={busy === 'overview'} onClick={() => void run('overview')}>
            {de.pdfs.classOverview}
          </Button>
        </Group>
        <Divider />
        <FeedbackExport taskId={task.id} />
      </Stack>
    </Paper>
  );
}

/**
 * Due date and feedback template; editing and deleting the task (not for a colleague who may not manage the
 * class: `editable`).
 */
export function TaskDetailsCard({
  task,
  onEdit,
  editable = true,
}: {
  task: Task;
  onEdit: () => void;
  editable?: boolean;
}) {
  const t = de.tasks;
  const remove = useDeleteTask();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="task-details">
      <Stack gap="sm">
        <Title order={2} size="h4" id="task-details">
          {t.details}
        </Title>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t.dueDate}
          </Text>
          <Text size="sm">{task.due_date ? formatDateTime(task.due_date) : t.noDueDate}</Text>
          {task.due_date && task.allow_late_submissions && (
            <Text size="xs" c="dimmed">
              {t.allowLate}
            </Text>
          )}
        </Stack>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t.feedbackTemplate}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap' }}
            c={task.feedback_template ? undefined : 'dimmed'}
          >
            {task.feedback_template || t.noFeedbackTemplate}
          </Text>
        </Stack>
        {editable && (
          <Group gap="xs">
            <Button variant="default" onClick={onEdit}>
              {t.edit}
            </Button>
            <Button color="red" variant="light" onClick={() => setConfirm(true)}>
              {t.delete}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={t.deleteTitle}
        text={t.deleteText(task.title)}
        confirmLabel={t.deleteConfirm}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          // The task leaves the class's list at once and comes back if the server refuses (PRODUCT.md §4).
          remove.mutate(task);
          void navigate({ to: '/classes/$classId', params: { classId: task.class_id } });
        }}
      />
    </Paper>
  );
}

/** The task's form in place of its page while the teacher edits it. */
export function TaskEditForm({ task, onDone }: { task: Task; onDone: () => void }) {
  const update = useUpdateTask();

  const submit = (values: TaskFormValues) => {
    update.mutate({ current: task, changes: updateTaskRequest(values) }, { onSuccess: onDone });
  };

  return (
    <Paper withBorder p="md">
      <TaskForm
        initialValues={taskFormValues(task)}
        submitLabel={de.tasks.save}
        submitting={update.isPending}
        onSubmit={submit}
        onCancel={onDone}
      />
    </Paper>
  );
}
