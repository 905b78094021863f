import { type ZMessageResponse, type ColorSchemePreference, type Profile } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { saveDownload } from '../../lib/apiDownload';
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
export function downloadAccountExport(): Promise<string> {
  return saveDownload('/api/account/export', fallbackExportName());
}

/** `DELETE /api/account`: deletes the signed-in user and everything they own; their sessions end at once. */
export async function deleteOwnAccount(): Promise<void> {
  await apiFetch('/api/account', {
    method: 'DELETE',
    schema: checkedByServer<ResponseOf<typeof ZMessageResponse>>(),
  });
}
