import { ZRenderLatexRequest, ZRenderLatexResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renderLatex } from '../../../lib/latex';
import { mapValidationErrors } from '../../../lib/validation-errors';

/** `POST /api/render-latex` (PRODUCT.md §7: latexCode → html), for previews in the task editor. */
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
    async (request) => ({ html: await renderLatex(request.body.latexCode, request.body.displayMode) }),
  );
};

export default renderLatexRoutes;
