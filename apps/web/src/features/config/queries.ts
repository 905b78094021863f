import { ZPublicConfig } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/** `GET /api/config`: the public runtime configuration. It does not change while the page lives. */
export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiFetch('/api/config', { schema: ZPublicConfig, signal }),
  staleTime: Infinity,
  gcTime: Infinity,
});
