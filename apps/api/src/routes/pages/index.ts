import {
  errorCatalog,
  PRINT_TOKEN_PATTERN,
  ZFeedbackLinkParams,
  ZUploadParams,
  type FeedbackLinkPageData,
} from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_RETRY_AFTER_S } from '../../db/errors';
import { feedbackLinkSkillProfile, loadFeedbackLink } from '../../domain/grading';
import { getSubmitPage, studentUploadNamed } from '../../domain/submissions';
import { AppError } from '../../lib/app-error';
import { uploadBody } from '../../lib/uploads/receive';
import { toAppError } from '../../plugins/app/errors';
import { spaIndex } from '../../plugins/app/spa';
import { ctxOf } from '../context';
import { buildFile, feedbackLinkRenderer, formulaStylesheets, hasFormulas } from './assets';
import { errorPage, intoPage, leanPage, notFoundMarkup, receiptPage, submitMarkup } from './render';
import { pageStrings } from './strings';
import { teacherPages } from './teacher';
import { studentUploadRateLimit } from '../../lib/uploads/rate-limit';

/**
 * The public pages as HTML from the server (ADR 020): `GET /submit/:taskId` answers the submit page's own
 * entry (submit.html, ADR 012) with the page inside `#root` (the script replaces it), `GET /feedback/:token`
 * the feedback page's entry (feedback.html) rendered by the web build's own components, which the script
 * hydrates (ADR 034). Both paint before any script runs: their stylesheets inlined, their scripts loaded once
 * the markup has painted. `POST /submit/:taskId` takes the plain form of the submit page's markup when
 * JavaScript never runs, answering German HTML — a receipt or an error page — never JSON.
 */
export default async function publicPages(app: FastifyInstance) {
  const index = spaIndex(app.config);
  // Per IP, like the feedback link: a class behind one school NAT opens the page at once.
  const pageRateLimit = { max: 300, timeWindow: '1 minute' };

  if (index) {
    const webRoot = path.dirname(index);
    /** A page's built HTML, read per request like the SPA's fallback so that a new build shows up at once. */
    const template = async (name: string) =>
      leanPage(await readFile(path.join(webRoot, name), 'utf8'), (href) => buildFile(webRoot, href));
    // Names of minors and a child's results: never in a shared cache.
    const send = (reply: FastifyReply, html: string) =>
      reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(html);
    /** A 404 of the domain (unknown task or link); anything else is logged and the page's script takes over. */
    const notFound = (reply: FastifyReply, err: unknown) => {
      if (toAppError(err as Error).statusCode === 404) return true;
      // The empty page, as before: the script loads and shows its own error with "Erneut versuchen".
      reply.log.error({ err }, 'public page not rendered');
      return false;
    };

    app.get(
      '/submit/:taskId',
      { config: { rateLimit: pageRateLimit }, schema: { hide: true } },
      async (request, reply) => {
        // Under the app's `no-referrer` a browser sends `Origin: null` with the form's post; the form route
        // needs the real one (`sameOrigin`), and `same-origin` never sends it to another site.
        reply.header('referrer-policy', 'same-origin');
        const html = await template('submit.html');
        try {
          const params = ZUploadParams.safeParse(request.params);
          if (!params.success) throw new AppError('TASK_NOT_FOUND');
          const { s } = request.query as { s?: unknown };
          const token = typeof s === 'string' && PRINT_TOKEN_PATTERN.test(s) ? s : undefined;
          const data = await getSubmitPage(ctxOf(request), params.data.taskId, token);
          // The markup leaves formulas out; the script shows them with KaTeX's stylesheet from here.
          const body = hasFormulas(data.task.data) ? await formulaStylesheets(webRoot) : [];
          return send(
            reply,
            intoPage(html, submitMarkup(data), {
              title: pageStrings.submit.documentTitle(data.task.title),
              data: { id: 'submit-data', value: data },
              stylesheets: { body },
            }),
          );
        } catch (err) {
          if (!notFound(reply, err)) return send(reply, html);
          return send(reply.code(404), intoPage(html, notFoundMarkup(pageStrings.submit.notFound)));
        }
      },
    );

    app.get(
      '/feedback/:token',
      { config: { rateLimit: pageRateLimit }, schema: { hide: true } },
      async (request, reply) => {
        reply.header('referrer-policy', 'no-referrer');
        const html = await template('feedback.html');
        const params = ZFeedbackLinkParams.safeParse(request.params);
        const token = params.success ? params.data.token : '';
        let data: FeedbackLinkPageData;
        try {
          if (!params.success) throw new AppError('FEEDBACK_LINK_NOT_FOUND');
          const ctx = ctxOf(request);
          const link = await loadFeedbackLink(ctx, token);
          // The profile on its own: without it the page still shows the feedback (and says so).
          const profile = await feedbackLinkSkillProfile(ctx, token).catch((err: unknown) => {
            request.log.error({ err }, 'skill profile of a feedback link not read');
            return null;
          });
          data = { link, profile };
        } catch (err) {
          if (!notFound(reply, err)) return send(reply, html);
          reply.code(404);
          data = { notFound: errorCatalog.FEEDBACK_LINK_NOT_FOUND.message };
        }
        const parts = {
          data: { id: 'feedback-data', value: data },
          // KaTeX's stylesheet before the first paint: the server's markup has the formulas.
          stylesheets: {
            head: 'link' in data && hasFormulas(data.link.task.data) ? await formulaStylesheets(webRoot) : [],
          },
        };
        try {
          const render = await feedbackLinkRenderer(webRoot);
          if (render) {
            const { html: markup, title } = await render(token, data);
            return send(reply, intoPage(html, markup, { ...parts, title }));
          }
        } catch (err) {
          reply.log.error({ err }, 'feedback page not rendered');
        }
        // Without the build's renderer the script renders the page from the data that comes with it.
        return send(reply, intoPage(html, '', parts));
      },
    );
    await teacherPages(app, webRoot);
  }

  await app.register(formPost);
}

/**
 * Whether the post comes from a page of this server: browsers send `Origin` with every form post (`Referer`
 * when an old one does not). A foreign site cannot make a visitor's browser hand in files here.
 */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return false;
  try {
    const { host } = new URL(source);
    return host === request.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

const html = (reply: FastifyReply, body: string) =>
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** `POST /submit/:taskId`, in a scope of its own: its errors are German HTML pages, not the JSON body. */
async function formPost(app: FastifyInstance) {
  const taskIdOf = (request: FastifyRequest) => {
    const params = ZUploadParams.safeParse(request.params);
    return params.success ? params.data.taskId : null;
  };

  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    if (appError.statusCode >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: appError.code, err: err.message }, 'request rejected');
    if (appError.code === 'UPLOAD_RATE_LIMITED' && !reply.getHeader('retry-after'))
      reply.header('retry-after', 60);
    if (appError.code === 'DATABASE_UNAVAILABLE') reply.header('retry-after', DATABASE_RETRY_AFTER_S);
    const taskId = appError.code === 'TASK_NOT_FOUND' ? null : taskIdOf(request);
    return html(reply.code(appError.statusCode), errorPage(errorCatalog[appError.code].message, taskId));
  });

  app.post(
    '/submit/:taskId',
    {
      config: {
        // As the app's upload route: per client IP and task, refused requests count too.
        rateLimit: studentUploadRateLimit(app.config.UPLOAD_RATE_LIMIT),
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      const taskId = taskIdOf(request);
      if (!sameOrigin(request, app.config.PUBLIC_URL)) {
        request.log.info({ origin: request.headers.origin ?? null }, 'form post from a foreign page refused');
        return html(reply.code(403), errorPage(pageStrings.withoutScript.error.foreignOrigin, taskId));
      }
      if (!taskId) throw new AppError('TASK_NOT_FOUND');
      const { receipt, label } = await studentUploadNamed(ctxOf(request), taskId, uploadBody(request));
      return html(reply, receiptPage(taskId, label, receipt));
    },
  );
}
