import type { SubmitPageResponse, UploadReceiptFile } from '@app/contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { deShell } from '../../../i18n/de.shell';
import { deSubmit } from '../../../i18n/de.submit';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/usePageTitle';
import { fileKind, prepareFile, type PreparedFile } from '../files';
import { submitPageQueryOptions, uploadStudentFile, type Uploader } from '../submitQueries';
import { ContentView } from './ContentView';
import { UploadList, type UploadItem } from './UploadList';

const t = deSubmit.submit;
const MISSING = '__missing__';
const MB = 1024 * 1024;

/**
 * `/submit/{taskId}`: the public page where students hand in photos and PDFs from their phones, without an
 * account. Each file is its own request, so every file has its own progress bar and can be retried alone;
 * nothing is dropped from the list until it is uploaded or the student removes it.
 */
export function SubmitPage({ taskId }: { taskId: string }) {
  usePageTitle(deShell.titles.submit);
  const query = useQuery(submitPageQueryOptions(taskId));

  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t.loading}</Text>
      </Group>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="md">
        <Title order={1}>{deShell.titles.submit}</Title>
        <Alert color="red" role="alert">
          {notFound ? t.notFound : t.loadFailed}
        </Alert>
        {!notFound && (
          <div>
            <Button onClick={() => void query.refetch()}>{t.reload}</Button>
          </div>
        )}
      </Stack>
    );
  }
  return <SubmitForm taskId={taskId} page={query.data} />;
}

function closedMessage(reason: SubmitPageResponse['closed_reason']): string {
  return reason ? t.closed[reason] : t.closed.generic;
}

/** A German message for a failed upload: the server's own text for the upload codes, else one per status. */
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

interface Receipt {
  files: UploadReceiptFile[];
  duplicates: number;
  receivedAt: string;
  name: string;
}

let itemCounter = 0;

function SubmitForm({ taskId, page }: { taskId: string; page: SubmitPageResponse }) {
  const { task, students, limits } = page;
  const [accepting, setAccepting] = useState(page.accepting);
  const [nameChoice, setNameChoice] = useState('');
  const [typedName, setTypedName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [showReceipt, setShowReceipt] = useState(false);
  const prepared = useRef(new Map<string, Promise<PreparedFile>>());
  // The latest items for the async upload loop (state in its closure would be stale).
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  const receiptHeading = useRef<HTMLHeadingElement>(null);
  const nameId = useId();

  const typing = students.length === 0 || nameChoice === MISSING;

  // Thumbnails are object URLs: release them with their items.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.thumbUrl) URL.revokeObjectURL(item.thumbUrl);
    },
    [],
  );

  useEffect(() => {
    if (showReceipt) receiptHeading.current?.focus();
  }, [showReceipt]);

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const addFiles = (fileList: File[]) => {
    setFormError(null);
    const room = limits.maxFiles - itemsRef.current.length;
    const accepted: UploadItem[] = [];
    const problems: string[] = [];
    for (const file of fileList) {
      const kind = fileKind(file);
      if (
        kind === 'other' ||
        (file.type && !file.type.startsWith('image/') && file.type !== 'application/pdf')
      ) {
        problems.push(`${file.name}: ${t.wrongType}`);
        continue;
      }
      if (accepted.length >= room) {
        problems.push(t.tooMany(limits.maxFiles));
        break;
      }
      itemCounter += 1;
      const id = `upload-${itemCounter}`;
      const item: UploadItem = {
        id,
        name: file.name,
        kind,
        originalSize: file.size,
        size: file.size,
        thumbUrl: kind === 'image' ? URL.createObjectURL(file) : null,
        status: 'preparing',
        progress: 0,
        error: null,
        duplicate: false,
        compressed: false,
      };
      accepted.push(item);
      const preparation = prepareFile(file);
      prepared.current.set(id, preparation);
      void preparation.then((result) => {
        const tooLarge = result.blob.size > limits.maxFileBytes;
        patch(id, {
          status: tooLarge ? 'failed' : 'ready',
          size: result.blob.size,
          compressed: result.compressed,
          error: tooLarge ? t.tooLarge(Math.round(limits.maxFileBytes / MB)) : null,
          retryable: !tooLarge,
        });
      });
    }
    if (accepted.length > 0) {
      setItems((list) => [...list, ...accepted]);
      setAnnouncement(t.announceAdded(accepted.length));
    }
    if (problems.length > 0) setFormError(problems.join(' '));
  };

  const remove = (id: string) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (item?.thumbUrl) URL.revokeObjectURL(item.thumbUrl);
    prepared.current.delete(id);
    setItems((list) => list.filter((i) => i.id !== id));
  };

  const uploader = (): { who: Uploader; label: string } | null => {
    if (typing) {
      const name = typedName.replace(/\s+/g, ' ').trim();
      if (name.length < 2) {
        setNameError(t.nameTypedError);
        return null;
      }
      return { who: { studentName: name }, label: name };
    }
    const student = students.find((s) => s.id === nameChoice);
    if (!student) {
      setNameError(t.namePickError);
      return null;
    }
    return { who: { studentId: student.id }, label: student.label };
  };

  /** Uploads one file; resolves true when the server has it. */
  const uploadOne = async (id: string, who: Uploader, label: string): Promise<boolean> => {
    const preparation = prepared.current.get(id);
    const item = itemsRef.current.find((i) => i.id === id);
    if (!preparation || !item) return false;
    const file = await preparation;
    if (file.blob.size > limits.maxFileBytes) return false;
    patch(id, { status: 'uploading', progress: 0, error: null });
    try {
      const result = await uploadStudentFile(taskId, file.blob, file.name, who, {
        onProgress: ({ loaded, total }) => {
          if (total > 0) patch(id, { progress: Math.min(0.99, loaded / total) });
        },
      });
      const received = result.received[0];
      patch(id, { status: 'done', progress: 1, duplicate: received?.duplicate ?? false });
      setReceipt((old) => ({
        files: [...(old?.files ?? []), ...result.received],
        duplicates: (old?.duplicates ?? 0) + result.duplicates,
        receivedAt: result.received_at,
        name: label,
      }));
      setAnnouncement(t.announceDone(item.name));
      return true;
    } catch (error) {
      const message = uploadErrorMessage(error);
      if (error instanceof ApiError && error.code === 'TASK_NOT_ACCEPTING') setAccepting(false);
      patch(id, { status: 'failed', progress: 0, error: message, retryable: true });
      setAnnouncement(t.announceFailed(item.name, message));
      return false;
    }
  };

  // After each round of uploads (state updated): the receipt when everything is with the teacher.
  const [roundsDone, setRoundsDone] = useState(0);
  useEffect(() => {
    if (roundsDone === 0) return;
    const current = itemsRef.current;
    const left = current.filter((i) => i.status !== 'done');
    if (left.length === 0 && current.length > 0) {
      for (const item of current) if (item.thumbUrl) URL.revokeObjectURL(item.thumbUrl);
      prepared.current.clear();
      setItems([]);
      setShowReceipt(true);
    } else if (left.some((i) => i.status === 'failed')) {
      setFormError(t.someFailed);
    }
  }, [roundsDone]);
  const finish = () => setRoundsDone((n) => n + 1);

  const submit = async () => {
    setFormError(null);
    setNameError(null);
    const who = uploader();
    if (!who) return;
    const pending = itemsRef.current.filter((i) => i.status !== 'done' && i.retryable !== false);
    if (pending.length === 0) {
      setFormError(t.needFiles);
      return;
    }
    setBusy(true);
    try {
      // One after another: on a crowded school network that is faster and kinder than all at once.
      for (const item of pending) {
        if (!itemsRef.current.some((i) => i.id === item.id)) continue;
        await uploadOne(item.id, who.who, who.label);
      }
    } finally {
      setBusy(false);
    }
    finish();
  };

  const retry = async (id: string) => {
    setFormError(null);
    setNameError(null);
    const who = uploader();
    if (!who) return;
    setBusy(true);
    try {
      await uploadOne(id, who.who, who.label);
    } finally {
      setBusy(false);
    }
    finish();
  };

  const pendingCount = items.filter((i) => i.status !== 'done').length;
  const maxMb = Math.round(limits.maxFileBytes / MB);

  return (
    <Stack gap="lg">
      <div aria-live="polite" aria-atomic="true" style={visuallyHidden}>
        {announcement}
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
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby="submit-receipt"
          bg="var(--mantine-color-teal-light)"
        >
          <Stack gap="sm">
            <Title order={2} size="h3" id="submit-receipt" ref={receiptHeading} tabIndex={-1}>
              {t.receipt.heading}
            </Title>
            <Text>{t.receipt.intro(receipt.name)}</Text>
            <ul aria-label={t.receipt.heading} style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {receipt.files.map((file) => (
                <li key={file.id}>
                  {file.original_name} ({deSubmit.size(file.size)}
                  {file.pages && file.pages > 1 ? `, ${t.receipt.pages(file.pages)}` : ''})
                </li>
              ))}
            </ul>
            <Text fw={600}>{t.receipt.at(formatDateTime(receipt.receivedAt))}</Text>
            {receipt.duplicates > 0 && <Text size="sm">{t.receipt.duplicates(receipt.duplicates)}</Text>}
            {accepting && (
              <div>
                <Button variant="default" onClick={() => setShowReceipt(false)}>
                  {t.receipt.more}
                </Button>
              </div>
            )}
          </Stack>
        </Paper>
      )}

      {accepting && !showReceipt && (
        <>
          <Stack gap="sm" component="section" aria-labelledby={`${nameId}-heading`}>
            <Title order={2} size="h4" id={`${nameId}-heading`}>
              {t.nameHeading}
            </Title>
            {students.length > 0 && (
              <NativeSelect
                label={t.namePick}
                value={nameChoice}
                onChange={(event) => {
                  setNameChoice(event.currentTarget.value);
                  setNameError(null);
                }}
                error={!typing ? nameError : null}
                size="md"
                data={[
                  { value: '', label: t.namePlaceholder, disabled: true },
                  ...students.map((s) => ({ value: s.id, label: s.label })),
                  { value: MISSING, label: t.nameMissing },
                ]}
              />
            )}
            {typing && (
              <TextInput
                label={t.nameTyped}
                description={t.nameTypedHint}
                value={typedName}
                onChange={(event) => {
                  setTypedName(event.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                size="md"
                autoComplete="name"
                maxLength={100}
              />
            )}
          </Stack>

          <Stack gap="sm" component="section" aria-labelledby={`${nameId}-files`}>
            <Title order={2} size="h4" id={`${nameId}-files`}>
              {t.filesHeading}
            </Title>
            <Text size="sm" c="dimmed">
              {t.filesHint(limits.maxFiles, maxMb)}
            </Text>
            <Group gap="sm" grow>
              <FilePicker label={t.takePhoto} accept="image/*" capture onFiles={addFiles} disabled={busy} />
              <FilePicker
                label={t.chooseFiles}
                accept="image/*,application/pdf,.heic,.heif"
                multiple
                onFiles={addFiles}
                disabled={busy}
              />
            </Group>
            {items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.noFiles}
              </Text>
            ) : (
              <UploadList items={items} busy={busy} onRemove={remove} onRetry={(id) => void retry(id)} />
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

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A button that opens the file picker (or the camera, with `capture`). */
function FilePicker({
  label,
  accept,
  multiple = false,
  capture = false,
  disabled,
  onFiles,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  capture?: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="light" size="md" onClick={() => input.current?.click()} disabled={disabled}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        capture={capture ? 'environment' : undefined}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Let the same photo be picked again after removing it.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
