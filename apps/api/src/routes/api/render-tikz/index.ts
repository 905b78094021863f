import { ZRenderTikzRequest, ZRenderTikzResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renderTikz } from '../../../domain/tikz';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { ctxOf } from '../../context';

/** `POST /api/render-tikz` (PRODUCT.md §7: tikzCode → svg), for the TikZ blocks of the task editor. */
const renderTikzRoutes: FastifyPluginAsyncZod = async (app) => {
  mapValidationErrors(app, ['TIKZ_CODE_REQUIRED', 'TIKZ_TOO_LONG']);

  app.post(
    '/api/render-tikz',
    {
      config: {
        // Per teacher: the editor's preview asks while typing (debounced); TeX runs one picture at a time.
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `tikz:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['render'],
        summary:
          'Render a TikZ picture to sanitised SVG (one at a time in a worker, timeout TIKZ_TIMEOUT_MS, cached by SHA-256)',
        body: ZRenderTikzRequest,
        response: { 200: ZRenderTikzResponse },
      },
    },
    async (request, reply) => {
      const { svg, cached } = await renderTikz(ctxOf(request), request.body.tikzCode);
      void reply.header('x-tikz-cache', cached ? 'hit' : 'miss');
      return { svg };
    },
  );
};

export default renderTikzRoutes;
