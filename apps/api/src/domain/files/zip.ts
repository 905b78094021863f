import type { SubmissionFile } from '@app/contract';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { cleanFileName } from '../../lib/uploads/filename';
import type { Ctx } from '../context';

// The one way the app writes a data export as ZIP (the account export, the student and class exports of
// ADR 022): a German README, one JSON file per kind of data, and the uploaded files read through the
// Storage service (fs or S3 alike), streamed while the client downloads.

/** The export's date in the school's time zone, for file names. */
export const exportDate = (now: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** `<name>` unique within its folder: a second `scan.jpg` becomes `<file id>-scan.jpg`. */
function entryPath(folder: string, name: string, id: string, taken: Set<string>): string {
  let path = `${folder}/${cleanFileName(name)}`;
  if (taken.has(path)) path = `${folder}/${id}-${cleanFileName(name)}`;
  taken.add(path);
  return path;
}

export interface ExportZip {
  /** Adds `<name>` as pretty-printed UTF-8 JSON. */
  json(name: string, value: unknown): void;
  /**
   * Adds the stored files as `files/<taskId>/<submissionId or "unmatched">/<name>` (streamed lazily) and
   * returns files.json's index: each file's metadata with its path in the archive (null when the stored
   * object is missing; that file is logged instead of breaking the archive).
   */
  files(
    rows: ReadonlyArray<SubmissionFile & { storage_key: string }>,
  ): Promise<Array<SubmissionFile & { zip_path: string | null }>>;
  /** Ends the archive; the stream fails (instead of ending short) when a file cannot be read mid-way. */
  finish(): Readable;
}

/** A new export archive with its README.txt first. Collect the JSON before calling this where possible. */
export function exportZip(ctx: Ctx, now: Date, readme: string): ExportZip {
  const zip = new ZipFile();
  const mtime = now;
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'README.txt', { mtime });
  const taken = new Set<string>();
  return {
    json: (name, value) => zip.addBuffer(json(value), name, { mtime }),
    async files(rows) {
      const index = [];
      for (const { storage_key, ...file } of rows) {
        if (!(await ctx.services.storage.exists(storage_key))) {
          ctx.log.warn({ fileId: file.id }, 'Datei für den Export fehlt im Speicher');
          index.push({ ...file, zip_path: null });
          continue;
        }
        const folder = `files/${file.task_id}/${file.submission_id ?? 'unmatched'}`;
        const path = entryPath(folder, file.original_name, file.id, taken);
        index.push({ ...file, zip_path: path });
        zip.addReadStreamLazy(
          path,
          // Images and PDFs are compressed already.
          { mtime: new Date(file.uploaded_at), compress: false },
          (callback) => {
            ctx.services.storage.get(storage_key).then(
              (stream) => callback(null, stream),
              (err: unknown) => callback(err, Readable.from([])),
            );
          },
        );
      }
      return index;
    },
    finish() {
      zip.end();
      const stream = zip.outputStream as Readable;
      zip.on('error', (err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
      return stream;
    },
  };
}
