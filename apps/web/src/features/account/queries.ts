import { ZMessageResponse, type ColorSchemePreference, type Profile } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { apiDownload } from '../../lib/apiDownload';
import { profileQueryOptions, saveProfile } from '../registration/queries';

// The account's own calls (PRODUCT.md §4 Account): colour mode in the profile, the data export, deleting the
// account. The profile itself is read and written through the registration feature's queries.

export { profileQueryOptions };

/**
 * Stores the colour mode in the profile's meta_data, keeping every other field (`PUT /api/profile` replaces
 * meta_data). Without a profile yet there is nothing to keep it in: the browser's own storage holds it until
 * the registration dialog creates one.
 */
export async function saveColorSchemePreference(
  queryClient: QueryClient,
  profile: Profile | null | undefined,
  color_scheme: ColorSchemePreference,
): Promise<Profile | null> {
  if (!profile) return null;
  return saveProfile(queryClient, { ...profile.meta_data, color_scheme });
}

/** The file name when the server sent none (it always does; a proxy might strip it). */
const fallbackExportName = () => `klassenzimmer-export-${new Date().toISOString().slice(0, 10)}.zip`;

/** `GET /api/account/export`: downloads the ZIP and hands it to the browser as a file. */
export async function downloadAccountExport(): Promise<string> {
  const { blob, fileName } = await apiDownload('/api/account/export');
  const name = fileName ?? fallbackExportName();
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

/** `DELETE /api/account`: deletes the signed-in user and everything they own; their sessions end at once. */
export async function deleteOwnAccount(): Promise<void> {
  await apiFetch('/api/account', { method: 'DELETE', schema: ZMessageResponse });
}
