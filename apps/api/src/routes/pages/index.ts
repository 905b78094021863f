import { errorCatalog, PRINT_TOKEN_PATTERN, ZFeedbackLinkParams, ZUploadParams } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_RETRY_AFTER_S } from '../../db/errors';
import { loadFeedbackLink } from '../../domain/grading';
import { getSubmitPage, studentUploadNamed } from '../../domain/submissions';
import { AppError } from '../../lib/app-error';
import { uploadBody } from '../../lib/uploads/receive';
import { toAppError } from '../../plugins/app/errors';
import { spaIndex } from '../../plugins/app/spa';
import { ctxOf } from '../context';
import {
  errorPage,
  feedbackMarkup,
  intoIndex,
  notFoundMarkup,
  receiptPage,
  stylesAfterMarkup,
  submitMarkup,
} from './render';
import { pageStrings } from './strings';
import { studentUploadRateLimit } from '../../lib/uploads/rate-limit';

/**
 * The public pages as HTML from the server (ADR 020): `GET /submit/:taskId` answers the submit page's own
 * entry (submit.html, ADR 012) and `GET /feedback/:token` index.html, with the page already inside `#root` (it
 * paints before any script runs; the script replaces it),
 * and `POST /submit/:taskId` takes the plain form of that markup when JavaScript never runs, answering German
 * HTML — a receipt or an error page — never JSON.
 */
export default async function publicPages(app: FastifyInstance) {
  const index = spaIndex(app.config);
  // Per IP, like the feedback link: a class behind one school NAT opens the page at once.
  const pageRateLimit = { max: 300, timeWindow: '1 minute' };

  if (index) {
    const submitHtml = path.join(path.dirname(index), 'submit.html');
    /** The page's HTML, read per request like the SPA's fallback so that a new build shows up at once. */
    const page = async (
      reply: FastifyReply,
      template: string,
      notFound: string,
      render: () => Promise<{ markup: string; title?: string; data?: unknown }>,
    ) => {
      const html = stylesAfterMarkup(await readFile(template, 'utf8'));
      let filled = html;
      try {
        const { markup, title, data } = await render();
        filled = intoIndex(html, markup, title, data);
      } catch (err) {
        if (toAppError(err as Error).statusCode === 404) {
          reply.code(404);
          filled = intoIndex(html, notFoundMarkup(notFound));
        } else {
          // The empty page, as before: the app loads and shows its own error with "Erneut versuchen".
          reply.log.error({ err }, 'public page not rendered');
        }
      }
      // Names of minors and a child's results: never in a shared cache.
      return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(filled);
    };

    app.get(
      '/submit/:taskId',
      { config: { rateLimit: pageRateLimit }, schema: { hide: true } },
      (request, reply) => {
        // Under the app's `no-referrer` a browser sends `Origin: null` with the form's post; the form route
        // needs the real one (`sameOrigin`), and `same-origin` never sends it to another site.
        reply.header('referrer-policy', 'same-origin');
        return page(reply, submitHtml, pageStrings.submit.notFound, async () => {
          const params = ZUploadParams.safeParse(request.params);
          if (!params.success) throw new AppError('TASK_NOT_FOUND');
          const { s } = request.query as { s?: unknown };
          const token = typeof s === 'string' && PRINT_TOKEN_PATTERN.test(s) ? s : undefined;
          const data = await getSubmitPage(ctxOf(request), params.data.taskId, token);
          return {
            markup: submitMarkup(data),
            title: pageStrings.submit.documentTitle(data.task.title),
            data,
          };
        });
      },
    );

    app.get(
      '/feedback/:token',
      { config: { rateLimit: pageRateLimit }, schema: { hide: true } },
      (request, reply) => {
        reply.header('referrer-policy', 'no-referrer');
        return page(reply, index, pageStrings.feedback.notFound, async () => {
          const params = ZFeedbackLinkParams.safeParse(request.params);
          if (!params.success) throw new AppError('FEEDBACK_LINK_NOT_FOUND');
          const body = await loadFeedbackLink(ctxOf(request), params.data.token);
          return { markup: feedbackMarkup(body), title: pageStrings.feedback.documentTitle(body.task.title) };
        });
      },
    );
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
