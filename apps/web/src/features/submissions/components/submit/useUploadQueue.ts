import type { SubmitPageResponse, UploadReceiptFile } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deSubmit } from '../../../../i18n/de.submit';
import { ApiError } from '../../../../lib/api';
import { fileKind, prepareFile, type PreparedFile } from '../../files';
import { uploadStudentFile, type Uploader } from '../../submitQueries';
import type { UploadItem } from '../UploadList';

const t = deSubmit.submit;
const MB = 1024 * 1024;

/**
 * A file as the server stored it, with the file the student picked: a photo may have been converted to JPEG
 * and shrunk on the way, and the receipt names what the student chose.
 */
export type ReceiptFile = UploadReceiptFile & { picked_name: string; picked_size: number };

/** What the teacher has received so far, for the receipt shown when every file is uploaded. */
export interface Receipt {
  files: ReceiptFile[];
  duplicates: number;
  receivedAt: string;
  name: string;
}

let itemCounter = 0;

/**
 * The files of the submit page: each is prepared (downscaled) as soon as it is chosen and uploaded in a request
 * of its own, so that it has its own progress and can be retried alone. Screen readers hear every change
 * through `announcement`.
 */
export function useUploadQueue(
  taskId: string,
  limits: SubmitPageResponse['limits'],
  handlers: {
    /** The server said the task no longer accepts files. */
    onClosed: () => void;
    /** How a failed upload reads (the page's German messages). */
    describeError: (error: unknown) => string;
  },
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const prepared = useRef(new Map<string, Promise<PreparedFile>>());
  // The latest items for the async upload loop (state in its closure would be stale).
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  // Thumbnails are object URLs: release them with their items.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.thumbUrl) URL.revokeObjectURL(item.thumbUrl);
    },
    [],
  );

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  /** Adds the chosen files; returns what was refused (wrong type, too many), or null. */
  const add = (fileList: File[]): string | null => {
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
    return problems.length > 0 ? problems.join(' ') : null;
  };

  const remove = (id: string) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (item?.thumbUrl) URL.revokeObjectURL(item.thumbUrl);
    prepared.current.delete(id);
    setItems((list) => list.filter((i) => i.id !== id));
  };

  /** The files still to upload (not yet with the teacher, and not refused for good). */
  const pending = () => itemsRef.current.filter((i) => i.status !== 'done' && i.retryable !== false);

  /** Uploads one file; resolves true when the server has it (false at once when it was removed meanwhile). */
  const upload = async (id: string, who: Uploader, label: string): Promise<boolean> => {
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
        files: [
          ...(old?.files ?? []),
          ...result.received.map((stored) => ({
            ...stored,
            picked_name: item.name,
            picked_size: item.originalSize,
          })),
        ],
        duplicates: (old?.duplicates ?? 0) + result.duplicates,
        receivedAt: result.received_at,
        name: label,
      }));
      setAnnouncement(t.announceDone(item.name));
      return true;
    } catch (error) {
      const message = handlers.describeError(error);
      if (error instanceof ApiError && error.code === 'TASK_NOT_ACCEPTING') handlers.onClosed();
      patch(id, { status: 'failed', progress: 0, error: message, retryable: true });
      setAnnouncement(t.announceFailed(item.name, message));
      return false;
    }
  };

  /**
   * After a round of uploads (once its state is rendered): 'complete' when everything is with the teacher (the
   * list is emptied), 'failed' when a file is left that failed, else 'open'.
   */
  const settle = useCallback((): 'complete' | 'failed' | 'open' => {
    const current = itemsRef.current;
    const left = current.filter((i) => i.status !== 'done');
    if (left.length === 0 && current.length > 0) {
      for (const item of current) if (item.thumbUrl) URL.revokeObjectURL(item.thumbUrl);
      prepared.current.clear();
      setItems([]);
      return 'complete';
    }
    return left.some((i) => i.status === 'failed') ? 'failed' : 'open';
  }, []);

  return { items, announcement, receipt, add, remove, pending, upload, settle };
}
