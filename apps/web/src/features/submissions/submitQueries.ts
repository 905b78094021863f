import { UPLOAD_FIELDS, type SubmitPageResponse, type UploadReceipt } from '@app/contract';
import { apiFetch, apiUpload, checkedByServer, type UploadProgress } from '../../lib/api';

/**
 * The public submit page's data (no sign-in). Apart from queries.ts so that the page's bundle holds only
 * what it uses: no zod (the server has checked these responses, see `checkedByServer`), no teacher code,
 * no catalog.
 * queries.ts re-exports everything here.
 */

const enc = encodeURIComponent;

/**
 * `GET /api/submit/{taskId}` (public): what the submit page shows; with the print token of a worksheet's code
 * (`?s=`) it names the student to preselect. The page is its own entry without a query client (ADR 012).
 */
export const fetchSubmitPage = (taskId: string, printToken?: string, signal?: AbortSignal) =>
  apiFetch(`/api/submit/${enc(taskId)}${printToken ? `?s=${enc(printToken)}` : ''}`, {
    schema: checkedByServer<SubmitPageResponse>(),
    signal,
  });

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Who hands in on the public page: picked from the class list, or typed (the files stay unmatched). */
export type Uploader = { studentId: string } | { studentName: string };

/** `POST /api/submissions/studentupload/{taskId}` (public): one file per request, so progress and retry are per file. */
export function uploadStudentFile(
  taskId: string,
  file: Blob,
  fileName: string,
  uploader: Uploader,
  options: UploadOptions = {},
): Promise<UploadReceipt> {
  const form = new FormData();
  if ('studentId' in uploader) form.append(UPLOAD_FIELDS.studentId, uploader.studentId);
  else form.append(UPLOAD_FIELDS.studentName, uploader.studentName);
  // Text fields first: the server knows whose files these are before the bytes arrive.
  form.append(UPLOAD_FIELDS.files, file, fileName);
  return apiUpload(`/api/submissions/studentupload/${enc(taskId)}`, form, {
    schema: checkedByServer<UploadReceipt>(),
    // Safe to send twice: the server recognises the same content in the same hand-in (ADR 008).
    retryOutages: true,
    ...options,
  });
}
