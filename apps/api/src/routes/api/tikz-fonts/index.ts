import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { tikzFontFile } from '../../../lib/tikz/fonts';

/**
 * `GET /api/render-tikz/fonts/:file`: the TeX fonts the SVGs of TikZ pictures name in their @font-face rules.
 * Public, because the submit and feedback pages show pictures too; the files never change (long cache).
 */
const tikzFontRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/render-tikz/fonts/:file',
    {
      schema: {
        tags: ['render'],
        summary: 'A TeX font (TrueType) of the TikZ pictures',
        params: z.object({ file: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const file = tikzFontFile(request.params.file);
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', 'font/ttf')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file));
    },
  );
};

export default tikzFontRoutes;
