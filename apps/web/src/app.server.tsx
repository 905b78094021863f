// The teacher pages' renderer for the server (ADR 036), built into dist/.ssr/ by vite.ssr.config.ts and
// loaded by the API (apps/api/src/routes/pages/): the app itself — its router, loaders, query cache and
// components — renders the first visit of a page with its data, which the browser then hydrates (main.tsx).
import { type TeacherPageRenderer } from '@app/contract';
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './App';
import { createAuthController, readStoredSession } from './features/auth';
import { configQueryOptions } from './features/config/queries';
import { setAccessTokenProvider, setApiTransport } from './lib/api';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './router';

type Renderer = TeacherPageRenderer<RequestInit, Response>;

/**
 * The page being rendered: the API client's module is shared by every render on the server, so its transport
 * and token come from the request in whose asynchronous context a loader runs — never another teacher's.
 */
const pages = new AsyncLocalStorage<{
  token: string;
  request: Parameters<Renderer>[0]['request'];
}>();

setApiTransport(async (path, init) => {
  const page = pages.getStore();
  if (!page) throw new Error('API request outside a page render');
  const response = await page.request(path, init);
  // The server unavailable for a moment: the browser's app waits and retries, the renderer gives up at once.
  if (response.status >= 500) throw new Error(`API answered ${response.status}`);
  return response;
});

/** The routes rendered here (their files under src/routes/), the paths the API's routes/pages/teacher.ts sends. */
const RENDERED_ROUTES = new Set([
  '/_content/classes/',
  '/_content/classes/$classId/',
  '/_content/classes/$classId/tasks/$taskId/',
  '/_none/classes/$classId/tasks/$taskId/submissions/$submissionId',
]);
setAccessTokenProvider(() => Promise.resolve(pages.getStore()?.token ?? null));

/**
 * The rendered routes' code loaded with the module (the API loads it when it starts), not by the first teacher
 * who opens such a page after a restart.
 */
export const warmedUp: Promise<unknown> = (() => {
  const router = createAppRouter(
    createQueryClient(),
    createAuthController(() => Promise.reject(new Error())),
    {
      history: createMemoryHistory(),
      scrollRestoration: false,
    },
  );
  return Promise.all(
    [...RENDERED_ROUTES].map((id) =>
      Promise.resolve(router.loadRouteChunk(router.routesById[id as keyof typeof router.routesById])),
    ),
  ).catch(() => undefined);
})();

/** How long the renderer waits for a route's prefetched sections; what is not here then loads in the browser. */
const PREFETCH_WAIT_MS = 2000;

export const renderTeacherPage: Renderer = async ({ url, cookie, request }) => {
  const session = readStoredSession(cookie);
  if (!session) return null;
  return pages.run({ token: session.accessToken, request }, async () => {
    const queryClient = createQueryClient();
    // One try: a page that fails is rendered by the browser, which retries as it always does.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const auth = createAuthController(() => Promise.reject(new Error('no auth client on the server')), {
      storedSession: () => session,
      renewStored: false,
    });
    await auth.getState();
    const router = createAppRouter(queryClient, auth, {
      history: createMemoryHistory({ initialEntries: [url] }),
      scrollRestoration: false,
    });
    // The public config as the browser has it from its start (AI service on or off, sign-in options): parts
    // of a page read it without a loader, and the browser's first render must draw what the server drew.
    await Promise.all([router.load(), queryClient.prefetchQuery(configQueryOptions)]);
    // Only a page that loaded completely: a redirect, a 404 or an error is the browser's to show.
    const result = router._serverResult;
    if (result?.type !== 'render' || result.status !== 200) return null;
    if (result.matches.some((match) => match.status !== 'success')) return null;
    if (!RENDERED_ROUTES.has(String(result.matches.at(-1)?.routeId))) return null;
    // The sections' data the route prefetches without waiting (the task page's hand-ins, files, rubric); the
    // requests are answered in-process, the deadline is for a request that never ends.
    const deadline = Date.now() + PREFETCH_WAIT_MS;
    while (queryClient.isFetching() > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    // Every lazy part in its place (formulas, the toasts' stack stays empty), in one piece: React would send a
    // part beyond its first ~12 kB later with an inline script, which the Content Security Policy does not run.
    const { prelude } = await prerender(
      <StrictMode>
        <App router={router} queryClient={queryClient} auth={auth} />
      </StrictMode>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return { html: await new Response(prelude).text(), data: dehydrate(queryClient) };
  });
};
