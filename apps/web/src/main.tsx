import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// Layout rules beside the theme (badges, headings): after Mantine's styles.
import './theme.css';
import { StrictMode } from 'react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { TEACHER_PAGE_DATA_ID } from '@app/contract';
import { App } from './App';
import { connectAuth, createAuthController, readStoredSession } from './features/auth';
import { configQueryOptions } from './features/config/queries';
import { setAccessTokenProvider } from './lib/api';
import { installChunkReloadGuard } from './lib/chunkReload';
import { isChildrensPage } from './lib/childrensPages';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './router';

installChunkReloadGuard();
// The browser's install offer may come before the page that shows it has loaded; not on the children's pages,
// which offer no installation (and do not carry this code).
if (!isChildrensPage(window.location.pathname))
  void import('./lib/installPrompt').then(({ captureInstallPrompt }) => captureInstallPrompt());

const queryClient = createQueryClient();
// The public config is needed by the auth client and later features; start loading it right away without
// holding back the first paint of the landing page.
void queryClient.prefetchQuery(configQueryOptions);

// supabase-js comes in its own chunk, loaded by the first page that needs more than the stored session.
const auth = createAuthController(
  async () => {
    const [{ createAuthClient }, config] = await Promise.all([
      import('./lib/supabase'),
      queryClient.ensureQueryData(configQueryOptions),
    ]);
    return createAuthClient(config);
  },
  { storedSession: () => readStoredSession(document.cookie) },
);
setAccessTokenProvider((options) => auth.accessToken(options));

// A teacher page the server rendered comes with its data (ADR 036): the loaders below find it in the cache.
const serverData = document.getElementById(TEACHER_PAGE_DATA_ID);
if (serverData?.textContent) hydrate(queryClient, JSON.parse(serverData.textContent) as DehydratedState);

const router = createAppRouter(queryClient, auth);
// Marks the app as hydrating a server's page, as TanStack Router's own SSR does: its matches then render
// without the client-only suspense boundaries at the root, in the same tree the server rendered.
if (serverData) router.ssr = { manifest: undefined };
connectAuth(auth, router, queryClient);
// The first page's guards, code and data start now, not after React's first render of the app (on a slow
// phone some 200 ms later); the router's provider then finds the load under way and does not repeat it.
const loaded = router.load();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} auth={auth} />
  </StrictMode>
);
if (serverData) {
  // The server's markup stays on screen and becomes the app once the page's code and data are here: hydrated
  // from the same state it was rendered from.
  void loaded.then(() => hydrateRoot(rootElement, app));
} else {
  createRoot(rootElement).render(app);
}
