import type { SubmitPageResponse } from '@app/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { deShell } from '../../../../i18n/de.shell';
import { deSubmit } from '../../../../i18n/de.submit';
import { ApiError } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/dates';
import { ContentView } from '../../../editor';
import { UploadList } from '../UploadList';
import { FilePicker } from './FilePicker';
import controls from './controls.module.css';
import { StudentNameSection, useStudentName } from './StudentName';
import classes from './Submit.module.css';
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

/**
 * What the student did in the server's plain form before the page's script ran (ADR 020): kept when the page
 * takes over. `lateFiles` subscribes to files still arriving from that form's picker (a dialog that was open
 * while the page took over).
 */
export interface EarlyInput {
  choice: string;
  typed: string;
  files: File[];
  lateFiles?: (add: (files: File[]) => void) => () => void;
}

/** The task, the student's name and files, and the receipt once everything is uploaded. */
export function SubmitForm({
  taskId,
  page,
  early,
}: {
  taskId: string;
  page: SubmitPageResponse;
  early?: EarlyInput;
}) {
  const { task, students, limits } = page;
  const [accepting, setAccepting] = useState(page.accepting);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showReceipt, setShowReceipt] = useState(false);
  const name = useStudentName(students, {
    choice: early?.choice || page.preselected_student_id || '',
    typed: early?.typed ?? '',
  });
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

  // Files chosen in the server's form before the script ran, and any that arrive from its picker later.
  const addFilesRef = useRef(addFiles);
  useEffect(() => {
    addFilesRef.current = addFiles;
  });
  const earlyFiles = early?.files;
  useEffect(() => {
    if (earlyFiles?.length && page.accepting) addFilesRef.current(earlyFiles);
  }, [earlyFiles, page.accepting]);
  useEffect(() => early?.lateFiles?.((files) => addFilesRef.current(files)), [early]);

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
    <div className={classes.stack}>
      <div aria-live="polite" aria-atomic="true" className={classes.announcer}>
        {queue.announcement}
      </div>
      <div>
        <h1 className={classes.title}>{task.title}</h1>
        {task.due_date && <p className={classes.dimmed}>{t.dueDate(formatDateTime(task.due_date))}</p>}
      </div>

      {task.description && <p>{task.description}</p>}

      {task.data && (
        <section className={classes.paper} aria-labelledby="submit-content">
          <h2 className={classes.heading} id="submit-content">
            {t.contentHeading}
          </h2>
          <ContentView data={task.data} />
        </section>
      )}

      {!accepting && (
        <p className={controls.alert} role="alert">
          {closedMessage(page.closed_reason)}
        </p>
      )}

      {showReceipt && receipt && (
        <SubmitReceipt receipt={receipt} onMore={accepting ? () => setShowReceipt(false) : undefined} />
      )}

      {accepting && !showReceipt && (
        <>
          <StudentNameSection headingId={`${nameId}-heading`} students={students} name={name} />

          <section className={classes.section} aria-labelledby={`${nameId}-files`}>
            <h2 className={classes.heading} id={`${nameId}-files`}>
              {t.filesHeading}
            </h2>
            <p className={classes.dimmed}>{t.filesHint(limits.maxFiles, maxMb)}</p>
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
              <p className={classes.dimmed}>{t.noFiles}</p>
            ) : (
              <UploadList
                items={items}
                busy={busy}
                onRemove={queue.remove}
                onRetry={(id) => void retry(id)}
              />
            )}
            {formError && (
              <p className={controls.alert} data-color="red" role="alert">
                {formError}
              </p>
            )}
            <button
              type="button"
              className={`${controls.button} ${controls.large}`}
              onClick={() => void submit()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {pendingCount > 0 ? t.submitCount(pendingCount) : t.submit}
            </button>
          </section>
        </>
      )}
    </div>
  );
}
