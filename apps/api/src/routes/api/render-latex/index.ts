import { ZRenderLatexRequest, ZRenderLatexResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import katex from 'katex';
import { mapValidationErrors } from '../../../lib/validation-errors';

/**
 * KaTeX options for untrusted input: `trust: false` drops \href, \url, \includegraphics, \htmlClass … (they
 * render as plain text), errors render inline instead of throwing, and the expansion and size limits keep a
 * malicious macro from eating the CPU or the page.
 */
export const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  maxExpand: 1000,
  maxSize: 50,
  output: 'htmlAndMathml',
} as const satisfies katex.KatexOptions;

export function renderLatex(latexCode: string, displayMode = false): string {
  return katex.renderToString(latexCode, { ...KATEX_OPTIONS, displayMode });
}

/** `POST /api/render-latex` (spec §7: latexCode → html), for previews in the task editor. */
const renderLatexRoutes: FastifyPluginAsyncZod = async (app) => {
  mapValidationErrors(app, ['LATEX_TOO_LONG']);

  app.post(
    '/api/render-latex',
    {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['render'],
        summary: 'Render LaTeX to HTML with KaTeX (untrusted commands off, at most 10 000 characters)',
        body: ZRenderLatexRequest,
        response: { 200: ZRenderLatexResponse },
      },
    },
    (request) => ({ html: renderLatex(request.body.latexCode, request.body.displayMode) }),
  );
};

export default renderLatexRoutes;
