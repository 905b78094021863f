import type { SubmitPageResponse } from '@app/contract';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { deShell } from '../../../../i18n/de.shell';
import { deSubmit } from '../../../../i18n/de.submit';
import { ApiError } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/dates';
import { ContentView } from '../ContentView';
import { UploadList } from '../UploadList';
import { FilePicker } from './FilePicker';
import { StudentNameSection, useStudentName } from './StudentName';
import classes from './SubmitForm.module.css';
import { SubmitReceipt } from './SubmitReceipt';
import { useUploadQueue } from './useUploadQueue';

const t = deSubmit.submit;
const MB = 1024 * 1024;

function closedMessage(reason: SubmitPageResponse['closed_reason']): string {
  return reason ? t.closed[reason] : t.closed.generic;
}

/**
 * A German message for a failed upload: the server's own text for the upload codes, else one per status.
 * The teacher's add page shows the same and imports it from here on purpose: that keeps the submit page's
 * modules in one chunk.
 */
export function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return deShell.api.network;
  if (error.code === 'TASK_NOT_ACCEPTING') return t.errors.notAccepting;
  const specific = error.code.startsWith('UPLOAD_') && error.code !== 'INVALID_RESPONSE';
  if (specific && error.message) return error.message;
  if (error.status === 413) return t.errors[413];
  if (error.status === 415) return t.errors[415];
  if (error.status === 429) return t.errors[429];
  return error.message || deShell.api.network;
}

/** The task, the student's name and files, and the receipt once everything is uploaded. */
export function SubmitForm({ taskId, page }: { taskId: string; page: SubmitPageResponse }) {
  const { task, students, limits } = page;
  const [accepting, setAccepting] = useState(page.accepting);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showReceipt, setShowReceipt] = useState(false);
  const name = useStudentName(students, page.preselected_student_id);
  const queue = useUploadQueue(taskId, limits, {
    onClosed: () => setAccepting(false),
    describeError: uploadErrorMessage,
  });
  const { items, receipt, settle } = queue;
  const nameId = useId();

  // After each round of uploads, once its results are rendered (the upload loop's own view of the items is
  // stale): the receipt when everything is with the teacher.
  const [roundsDone, setRoundsDone] = useState(0);
  useEffect(() => {
    if (roundsDone === 0) return;
    const outcome = settle();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the round's results render first
    if (outcome === 'complete') setShowReceipt(true);
    else if (outcome === 'failed') setFormError(t.someFailed);
  }, [roundsDone, settle]);
  const finish = () => setRoundsDone((n) => n + 1);

  const addFiles = (files: File[]) => {
    setFormError(null);
    const problem = queue.add(files);
    if (problem) setFormError(problem);
  };

  const submit = async () => {
    setFormError(null);
    const who = name.resolve();
    if (!who) return;
    const pending = queue.pending();
    if (pending.length === 0) {
      setFormError(t.needFiles);
      return;
    }
    setBusy(true);
    try {
      // One after another: on a crowded school network that is faster and kinder than all at once.
      for (const item of pending) await queue.upload(item.id, who.who, who.label);
    } finally {
      setBusy(false);
    }
    finish();
  };

  const retry = async (id: string) => {
    setFormError(null);
    const who = name.resolve();
    if (!who) return;
    setBusy(true);
    try {
      await queue.upload(id, who.who, who.label);
    } finally {
      setBusy(false);
    }
    finish();
  };

  const pendingCount = items.filter((i) => i.status !== 'done').length;
  const maxMb = Math.round(limits.maxFileBytes / MB);

  return (
    <Stack gap="lg">
      <div aria-live="polite" aria-atomic="true" className={classes.announcer}>
        {queue.announcement}
      </div>
      <Stack gap={4}>
        <Title order={1}>{task.title}</Title>
        {task.due_date && (
          <Text size="sm" c="dimmed">
            {t.dueDate(formatDateTime(task.due_date))}
          </Text>
        )}
      </Stack>

      {task.description && <Text>{task.description}</Text>}

      {task.data && (
        <Paper withBorder p="md" component="section" aria-labelledby="submit-content">
          <Title order={2} size="h4" id="submit-content" mb="sm">
            {t.contentHeading}
          </Title>
          <ContentView data={task.data} />
        </Paper>
      )}

      {!accepting && (
        <Alert color="yellow" role="alert">
          {closedMessage(page.closed_reason)}
        </Alert>
      )}

      {showReceipt && receipt && (
        <SubmitReceipt receipt={receipt} onMore={accepting ? () => setShowReceipt(false) : undefined} />
      )}

      {accepting && !showReceipt && (
        <>
          <StudentNameSection headingId={`${nameId}-heading`} students={students} name={name} />

          <Stack gap="sm" component="section" aria-labelledby={`${nameId}-files`}>
            <Title order={2} size="h4" id={`${nameId}-files`}>
              {t.filesHeading}
            </Title>
            <Text size="sm" c="dimmed">
              {t.filesHint(limits.maxFiles, maxMb)}
            </Text>
            <div className={classes.pickers}>
              <FilePicker label={t.takePhoto} accept="image/*" capture onFiles={addFiles} disabled={busy} />
              <FilePicker
                label={t.chooseFiles}
                accept="image/*,application/pdf,.heic,.heif"
                multiple
                onFiles={addFiles}
                disabled={busy}
              />
            </div>
            {items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.noFiles}
              </Text>
            ) : (
              <UploadList
                items={items}
                busy={busy}
                onRemove={queue.remove}
                onRetry={(id) => void retry(id)}
              />
            )}
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <Button size="lg" onClick={() => void submit()} loading={busy} disabled={busy}>
              {pendingCount > 0 ? t.submitCount(pendingCount) : t.submit}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
