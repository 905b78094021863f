import type { QueryClient } from '@tanstack/react-query';
import type { AuthController } from './features/auth';

/** What every route's `beforeLoad`/`loader` receives as `context`. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthController;
}
