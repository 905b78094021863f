import { Button, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { deSubmit } from '../../../i18n/de.submit';
import type { FileKind } from '../files';
import classes from './UploadList.module.css';

const t = deSubmit.submit;

type UploadStatus = 'preparing' | 'ready' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  id: string;
  name: string;
  kind: FileKind;
  /** Bytes as chosen; `size` is what travels (after downscaling). */
  originalSize: number;
  size: number;
  compressed: boolean;
  thumbUrl: string | null;
  status: UploadStatus;
  /** 0…1 */
  progress: number;
  error: string | null;
  /** False for a file that cannot succeed (too large even after downscaling): only removing helps. */
  retryable?: boolean;
  duplicate: boolean;
}

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'preparing':
      return t.status.preparing;
    case 'ready':
      return t.status.ready;
    case 'uploading':
      return t.status.uploading(Math.round(item.progress * 100));
    case 'done':
      return item.duplicate ? t.status.duplicate : t.status.done;
    case 'failed':
      return t.status.failed;
  }
}

/** The chosen files with thumbnail, size, progress bar, status, and buttons to retry or remove. */
export function UploadList({
  items,
  busy,
  onRemove,
  onRetry,
}: {
  items: UploadItem[];
  busy: boolean;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}) {
  return (
    <Stack component="ul" gap="xs" aria-label={t.fileListLabel} className={classes.list}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder p="xs" data-upload-status={item.status}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Thumbnail item={item} />
            <Stack gap={4} className={classes.body}>
              <Text size="sm" fw={600} truncate="end" title={item.name}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                {item.compressed
                  ? t.compressed(deSubmit.size(item.originalSize), deSubmit.size(item.size))
                  : deSubmit.size(item.size)}
              </Text>
              <Progress
                value={item.status === 'done' ? 100 : Math.round(item.progress * 100)}
                color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'teal' : 'blue'}
                size="sm"
                aria-label={t.progressLabel(item.name)}
                animated={item.status === 'uploading'}
              />
              <Text
                size="xs"
                c={item.status === 'failed' ? 'red' : item.status === 'done' ? 'teal' : 'dimmed'}
              >
                {statusText(item)}
              </Text>
              {item.error && (
                <Text size="sm" c="red">
                  {item.error}
                </Text>
              )}
              {item.status !== 'done' && (
                <Group gap="xs">
                  {item.status === 'failed' && item.retryable !== false && (
                    <Button
                      size="xs"
                      onClick={() => onRetry(item.id)}
                      disabled={busy}
                      aria-label={t.retry(item.name)}
                    >
                      {t.retryShort}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onRemove(item.id)}
                    disabled={item.status === 'uploading'}
                    aria-label={t.remove(item.name)}
                  >
                    {t.removeShort}
                  </Button>
                </Group>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function Thumbnail({ item }: { item: UploadItem }) {
  if (item.thumbUrl) {
    return (
      <Image
        src={item.thumbUrl}
        alt=""
        radius="sm"
        fit="cover"
        className={classes.thumb}
        fallbackSrc={undefined}
      />
    );
  }
  return (
    <Paper withBorder radius="sm" className={classes.placeholder} aria-hidden="true">
      <Text size="xs" fw={700} c="dimmed">
        {item.kind === 'pdf' ? 'PDF' : '…'}
      </Text>
    </Paper>
  );
}
