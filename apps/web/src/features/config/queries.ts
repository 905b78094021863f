import type { PublicConfig } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, checkedByServer } from '../../lib/api';

/** `GET /api/config`: the public runtime configuration. It does not change while the page lives. */
export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiFetch('/api/config', { schema: checkedByServer<PublicConfig>(), signal }),
  staleTime: Infinity,
  gcTime: Infinity,
});
