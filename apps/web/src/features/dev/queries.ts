import { type ZAdminOcrResponse, type ZAdminStatsResponse } from '@app/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

/** The developer pages' own endpoints (`/api/admin/*`, organization members only). */

/** `GET /api/admin/stats` */
export const devStatsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.stats(),
  queryFn: ({ signal }) =>
    apiFetch('/api/admin/stats', {
      schema: checkedByServer<ResponseOf<typeof ZAdminStatsResponse>>(),
      signal,
    }),
});

/** The server takes at most ~6 MB of image (8 MB of base64). */
export const OCR_MAX_BYTES = 6 * 1024 * 1024;

/** A file's bytes as base64 (the data URL without its `data:…;base64,` prefix). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL always gives a string.
    reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(file);
  });
}

/** `POST /api/admin/ocr`: what the AI gateway reads in one image. */
export function useOcrTest() {
  return useMutation({
    mutationFn: async (file: File) =>
      apiFetch('/api/admin/ocr', {
        method: 'POST',
        body: { mime: file.type, data: await base64Of(file) },
        schema: checkedByServer<ResponseOf<typeof ZAdminOcrResponse>>(),
      }),
  });
}
