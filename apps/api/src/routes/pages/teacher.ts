import { TEACHER_PAGE_DATA_ID } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { sendShell } from '../../plugins/app/spa';
import { buildFile, chunkStylesheets, teacherPageRenderer } from './assets';
import { deferredEntry, inlineStyle, intoPage } from './render';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * How long a page may take to render with its data (a slow database, a page with much in it): after that the
 * empty app goes out at once and the browser shows its loader and fetches the data itself.
 */
const RENDER_BUDGET_MS = 2500;

/**
 * Until the app has taken the page over (`data-app-ready` on `<html>`, set by the web app once hydrated), its
 * buttons and fields take no clicks: a click before the handlers are there would be lost (the hydrating
 * theme disables most of them; this covers those a component enables itself). Links work as plain links.
 */
const UNTIL_HYDRATED =
  '<style>html:not([data-app-ready]) #root :is(button,input,select,textarea,label,[role=button]){pointer-events:none}</style>';

/** The session cookie of @supabase/ssr (`sb-<ref>-auth-token`, perhaps chunked): without one, nothing to render. */
const SESSION_COOKIE = /(?:^|;\s*)sb-[^=;]+-auth-token(?:\.\d+)?=/;

/**
 * The teacher's main pages rendered with their data on the first visit (ADR 036): the class list, a class, a
 * task and the grading page. The web build's renderer runs the app's own router, loaders and components; their
 * API requests are answered in-process by this server's routes with the session's token (`inject`, the
 * client's address kept for the rate limits), so a page shows exactly what its JSON requests would. The
 * browser hydrates the markup with the same data (`#app-data`) once its scripts have loaded after the first
 * paint. Whenever the page cannot be rendered — no session cookie, an expired token, a redirect, an error, the
 * database away — the empty app is sent as before and renders in the browser.
 */
export async function teacherPages(app: FastifyInstance, webRoot: string) {
  const index = path.join(webRoot, 'index.html');

  /** One of the page's API requests, answered by this server's own routes. Reading only. */
  const answer =
    (request: FastifyRequest) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      const method = (init.method ?? 'GET').toUpperCase();
      if (method !== 'GET' || !url.startsWith('/api/'))
        throw new Error(`not answered while rendering: ${method} ${url}`);
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers))
        if (value !== undefined)
          responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      const empty = [204, 205, 304].includes(res.statusCode);
      return new Response(empty ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: responseHeaders,
      });
    };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.headers.cookie ?? '';
    if (!SESSION_COOKIE.test(cookie)) return sendShell(reply);
    let page: Awaited<ReturnType<NonNullable<Awaited<ReturnType<typeof teacherPageRenderer>>>>> = null;
    try {
      const render = await teacherPageRenderer(webRoot);
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<null>(
        (resolve) => (timer = setTimeout(() => resolve(null), RENDER_BUDGET_MS)),
      );
      page = render
        ? await Promise.race([render({ url: request.url, cookie, request: answer(request) }), budget])
        : null;
      clearTimeout(timer);
      if (!page) request.log.info({ url: request.url }, 'teacher page sent without its data');
    } catch (err) {
      request.log.error({ err }, 'teacher page not rendered');
    }
    if (!page) return sendShell(reply);
    const styles: string[] = [];
    for (const href of await chunkStylesheets(webRoot, page.html)) {
      const css = await buildFile(webRoot, href);
      if (css !== null) styles.push(inlineStyle(css));
    }
    const html = deferredEntry(
      intoPage(await readFile(index, 'utf8'), page.html, {
        data: { id: TEACHER_PAGE_DATA_ID, value: page.data },
      }).replace('</head>', () => `${styles.join('')}${UNTIL_HYDRATED}</head>`),
    );
    // Names of minors: never in a shared cache, nor in the service worker's (it keeps only the empty app).
    reply.header('cache-control', 'private, no-store').header('vary', 'cookie, accept-encoding');
    reply.type('text/html; charset=utf-8');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header('content-encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzipped(html));
    return reply.send(html);
  };

  // The renderer's module and its routes' code loaded with the server, not by the first teacher who opens a page.
  // In the background: the server answers meanwhile (a first page waits for the module as before).
  app.addHook('onReady', async () => {
    void teacherPageRenderer(webRoot).catch((err: unknown) =>
      app.log.error({ err }, 'teacher page renderer not loaded'),
    );
  });

  for (const url of [
    '/classes',
    '/classes/:classId',
    '/classes/:classId/tasks/:taskId',
    '/classes/:classId/tasks/:taskId/submissions/:submissionId',
  ])
    app.get(url, { schema: { hide: true } }, handler);
}
