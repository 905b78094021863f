import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// Layout rules beside the theme (badges, headings): after Mantine's styles.
import './theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

const router = createAppRouter(queryClient, auth);
connectAuth(auth, router, queryClient);
// The first page's guards, code and data start now, not after React's first render of the app (on a slow
// phone some 200 ms later); the router's provider then finds the load under way and does not repeat it.
void router.load();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} auth={auth} />
  </StrictMode>,
);
