import { deShell } from '../i18n/de.shell';
import { ApiError, checkedByServer, parseApiResponse, withAccessToken } from './api';

// A module of its own: only the account and task pages download files this way, and what lib/api.ts holds loads with
// every page (the public submit page included).

/** A file the API sent as an attachment: its bytes and the name from `Content-Disposition`. */
export interface ApiDownload {
  blob: Blob;
  fileName: string | null;
}

/**
 * A GET of a file (e.g. the data export) with the same headers, token and error handling as `apiFetch`; a
 * failure arrives as an `ApiError` with the server's German message instead of an error page in the tab.
 */
export async function apiDownload(
  path: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiDownload> {
  const headers = new Headers({ 'X-Requested-With': 'fetch' });
  let response: Response;
  try {
    response = await withAccessToken((token) => {
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return fetch(path, { headers, signal, credentials: 'same-origin' });
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK', message: deShell.api.network, cause: error });
  }
  const requestId = response.headers.get('x-request-id');
  if (!response.ok) {
    const text = await response.text().catch(() => null);
    // Throws the ApiError of the error body (or of the status).
    return parseApiResponse(response.status, text, requestId, checkedByServer<never>());
  }
  try {
    const blob = await response.blob();
    return { blob, fileName: fileNameOf(response.headers.get('content-disposition') ?? '') };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK', message: deShell.api.network, cause: error });
  }
}

/** The name of `Content-Disposition`: the UTF-8 `filename*` (umlauts kept), else the ASCII `filename`. */
function fileNameOf(header: string): string | null {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? null;
}

/**
 * Downloads `path` with `apiDownload` and hands it to the browser as a file named by the server (or
 * `fallbackName` when a proxy stripped the header); returns the name used.
 */
export async function saveDownload(path: string, fallbackName: string): Promise<string> {
  const { blob, fileName } = await apiDownload(path);
  const name = fileName ?? fallbackName;
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the browser keeps its own copy.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}
