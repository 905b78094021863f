import { ZUserMetadataFlags, type UserMetadataFlags } from '@app/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AuthController } from '../auth';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The registration flags in the auth user's `user_metadata` (PRODUCT.md §3): read from the session as the
 * auth controller holds it (from storage on the first page, then from supabase-js, whose user is replaced on
 * every `updateUser`), written with `updateUser({ data })`.
 */

function flagsOf(metadata: unknown): UserMetadataFlags {
  const parsed = ZUserMetadataFlags.safeParse(metadata ?? {});
  return parsed.success ? parsed.data : {};
}

export function userFlagsQueryOptions(auth: AuthController, userId: string) {
  return queryOptions({
    queryKey: queryKeys.registrationFlags(userId),
    queryFn: async () => flagsOf((await auth.getState()).session?.user?.metadata),
    staleTime: Infinity,
  });
}

/** Merges `flags` into the user's metadata; throws the auth error when the server refuses. */
export async function updateUserFlags(
  auth: AuthController,
  queryClient: QueryClient,
  userId: string,
  flags: UserMetadataFlags,
): Promise<UserMetadataFlags> {
  const client = await auth.client();
  const { data, error } = await client.updateUser({ data: flags });
  if (error) throw error;
  const next = { ...flagsOf(data.user?.user_metadata), ...flags };
  queryClient.setQueryData(userFlagsQueryOptions(auth, userId).queryKey, next);
  return next;
}
