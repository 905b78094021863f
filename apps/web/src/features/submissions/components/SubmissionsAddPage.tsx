import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AnchorLink } from '../../../components/links';
import { de } from '../../../i18n/de';
import { usePageTitle } from '../../../lib/usePageTitle';
import { fileKind } from '../files';
import { uploadTeacherFile } from '../queries';
import { StackAssigner } from './StackAssigner';
import { uploadErrorMessage } from './submit/SubmitForm';
import { UploadList, type UploadItem } from './UploadList';
import { queryKeys } from '../../../lib/queryKeys';

const t = de.submissions.add;

let counter = 0;

/**
 * `/classes/{classId}/tasks/{taskId}/submissions/add` (no layout): the teacher uploads a stack of scans for
 * the whole class (many photos or PDFs, one request per file; the server splits a PDF into its pages and
 * assigns every page whose worksheet QR code it reads), then confirms the guesses for the rest and assigns
 * what is left below (StackAssigner).
 */
export function SubmissionsAddPage({ classId, taskId }: { classId: string; taskId: string }) {
  usePageTitle(de.titles.submissionsAdd);
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const files = useRef(new Map<string, File>());
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);

  const patch = (id: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const uploadOne = async (id: string) => {
    const file = files.current.get(id);
    if (!file) return;
    patch(id, { status: 'uploading', progress: 0, error: null });
    try {
      const receipt = await uploadTeacherFile(taskId, file, file.name, {
        onProgress: ({ loaded, total }) =>
          total > 0 && patch(id, { progress: Math.min(0.99, loaded / total) }),
      });
      patch(id, { status: 'done', progress: 1, duplicate: receipt.duplicates > 0 });
      await queryClient.invalidateQueries({ queryKey: queryKeys.submissions.files(taskId), exact: true });
    } catch (error) {
      patch(id, { status: 'failed', progress: 0, error: uploadErrorMessage(error), retryable: true });
    }
  };

  const run = async (ids: string[]) => {
    setBusy(true);
    try {
      for (const id of ids) await uploadOne(id);
    } finally {
      setBusy(false);
    }
    // Where the teacher is not busy elsewhere on the page, the guess queue takes the focus: Enter confirms.
    const active = document.activeElement;
    if (!active || active === document.body || active === chooseButton.current) setFocusRequest((n) => n + 1);
  };

  const add = (chosen: File[]) => {
    const added: UploadItem[] = chosen.map((file) => {
      counter += 1;
      const id = `scan-${counter}`;
      files.current.set(id, file);
      return {
        id,
        name: file.name,
        kind: fileKind(file),
        originalSize: file.size,
        size: file.size,
        compressed: false,
        thumbUrl: null,
        status: 'ready',
        progress: 0,
        error: null,
        duplicate: false,
      };
    });
    setItems((list) => [...list, ...added]);
    void run(added.map((item) => item.id));
  };

  const done = items.filter((i) => i.status === 'done').length;

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <AnchorLink to="/classes/$classId/tasks/$taskId" params={{ classId, taskId }} size="sm">
        ← {de.submissions.match.back}
      </AnchorLink>
      <Title order={1}>{de.titles.submissionsAdd}</Title>
      <Text>{t.intro}</Text>
      <Text size="sm" c="dimmed">
        {t.splitHint}
      </Text>
      <div>
        <Button ref={chooseButton} onClick={() => input.current?.click()} disabled={busy}>
          {t.choose}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*,application/pdf,.heic,.heif"
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const chosen = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = '';
            if (chosen.length > 0) add(chosen);
          }}
        />
      </div>
      {items.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {t.uploading(done, items.length)}
          </Text>
          <UploadList
            items={items}
            busy={busy}
            onRetry={(id) => void run([id])}
            onRemove={(id) => {
              files.current.delete(id);
              setItems((list) => list.filter((i) => i.id !== id));
            }}
          />
        </Stack>
      )}
      <Divider />
      <StackAssigner taskId={taskId} focusRequest={focusRequest} />
    </Stack>
  );
}
