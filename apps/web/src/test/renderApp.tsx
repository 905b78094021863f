import type { UserRole } from '@app/contract';
import { notifications } from '@mantine/notifications';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { App } from '../App';
import { connectAuth, createAuthController } from '../features/auth';
import { setAccessTokenProvider } from '../lib/api';
import { createQueryClient } from '../lib/queryClient';
import { createAppRouter } from '../router';
import { asAuthClient, createStubAuthClient, fakeSession, type StubAuthClient } from './authStub';

interface RenderAppOptions {
  /** Starts signed in with this role (`null`: signed in without a role); omitted: signed out. */
  signedInAs?: UserRole | null;
  /** A prepared stub of supabase-js' auth client (wins over `signedInAs`). */
  authClient?: StubAuthClient;
}

/**
 * Renders the whole app (providers, router with the generated route tree, guards) at `path`. Only the
 * outer boundaries are replaced: supabase-js' auth client by a stub, `fetch` by the test's stub.
 */
export async function renderApp(path: string, options: RenderAppOptions = {}) {
  const authClient =
    options.authClient ??
    createStubAuthClient(options.signedInAs === undefined ? null : fakeSession({ role: options.signedInAs }));
  const queryClient = createQueryClient();
  const auth = createAuthController(() => Promise.resolve(asAuthClient(authClient)));
  setAccessTokenProvider(() => auth.accessToken());
  const router = createAppRouter(queryClient, auth, {
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  connectAuth(auth, router, queryClient);
  // Mantine keeps toasts in a module-wide store: a fresh app starts without the last test's toasts.
  act(() => notifications.clean());
  await act(async () => {
    render(<App router={router} queryClient={queryClient} auth={auth} />);
    await router.load();
  });
  return { router, queryClient, auth, authClient };
}
