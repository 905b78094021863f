import type { QueryClient } from '@tanstack/react-query';

/** What every route's `beforeLoad`/`loader` receives as `context`. */
export interface RouterContext {
  queryClient: QueryClient;
}
