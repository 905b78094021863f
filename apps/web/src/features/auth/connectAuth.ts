import type { QueryClient } from '@tanstack/react-query';
import type { AuthController } from './authController';

interface Invalidatable {
  invalidate(): Promise<unknown>;
}

/**
 * Keeps router and query cache in step with the session: another user (or none) → every cached query but
 * the public config is dropped; another role → queries refetch; either way the router re-runs its guards
 * (a sign-out on a protected page lands on /login). A refreshed token for the same user and role changes
 * nothing.
 */
export function connectAuth(
  auth: AuthController,
  router: Invalidatable,
  queryClient: QueryClient,
): () => void {
  return auth.subscribe((next, previous) => {
    if (!previous) return;
    const userChanged = previous.session?.user?.id !== next.session?.user?.id;
    const roleChanged = previous.role !== next.role;
    if (!userChanged && !roleChanged) return;
    // Not inside supabase-js' callback: the guards and loaders may call the client again.
    setTimeout(() => {
      if (userChanged) {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      } else {
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      }
      void router.invalidate();
    }, 0);
  });
}
