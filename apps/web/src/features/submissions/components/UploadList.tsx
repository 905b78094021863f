import { deSubmit } from '../../../i18n/de.submit';
import type { FileKind } from '../files';
import controls from './submit/controls.module.css';
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

/**
 * The chosen files with thumbnail, size, progress bar, status, and buttons to retry or remove. Plain elements,
 * no Mantine: it is part of the public submit page, whose JavaScript stays small (ADR 012); the teacher's add
 * page shows the same list.
 */
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
    <ul aria-label={t.fileListLabel} className={classes.list}>
      {items.map((item) => (
        <li key={item.id} className={classes.item} data-upload-status={item.status}>
          {item.thumbUrl ? (
            <img src={item.thumbUrl} alt="" className={classes.thumb} />
          ) : (
            <span className={classes.placeholder} aria-hidden="true">
              {item.kind === 'pdf' ? 'PDF' : '…'}
            </span>
          )}
          <div className={classes.body}>
            <p className={classes.name} title={item.name}>
              {item.name}
            </p>
            <p className={classes.meta}>
              {item.compressed
                ? t.compressed(deSubmit.size(item.originalSize), deSubmit.size(item.size))
                : deSubmit.size(item.size)}
            </p>
            <progress
              className={classes.progress}
              data-status={item.status}
              max={100}
              value={item.status === 'done' ? 100 : Math.round(item.progress * 100)}
              aria-label={t.progressLabel(item.name)}
            />
            <p className={classes.status} data-status={item.status}>
              {statusText(item)}
            </p>
            {item.error && <p className={classes.error}>{item.error}</p>}
            {item.status !== 'done' && (
              <div className={classes.actions}>
                {item.status === 'failed' && item.retryable !== false && (
                  <button
                    type="button"
                    className={`${controls.button} ${controls.small}`}
                    onClick={() => onRetry(item.id)}
                    disabled={busy}
                    aria-label={t.retry(item.name)}
                  >
                    {t.retryShort}
                  </button>
                )}
                <button
                  type="button"
                  className={`${controls.button} ${controls.small} ${controls.subtle}`}
                  onClick={() => onRemove(item.id)}
                  disabled={item.status === 'uploading'}
                  aria-label={t.remove(item.name)}
                >
                  {t.removeShort}
                </button>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
