import type { PublicConfig } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, checkedByServer } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

/**
 * `GET /api/config`: the public runtime configuration. It does not change while the page lives. Sent without
 * the session: the auth client that holds the session is built from it, so a retry must not wait for it.
 */
export const configQueryOptions = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) =>
    apiFetch('/api/config', { schema: checkedByServer<PublicConfig>(), signal, anonymous: true }),
  staleTime: Infinity,
  gcTime: Infinity,
});
