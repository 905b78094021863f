import { ZAdminOcrRequest, ZAdminOcrResponse, ZAdminStatsResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ocrTest, systemStats } from '../../../domain/accounts';
import { ctxOf } from '../../context';

// The developer pages /dev/stats and /dev/ocr-test (PRODUCT.md §2), for organization members like every admin
// route (routes/index.ts).
const adminDev: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/stats',
    {
      schema: {
        tags,
        summary: 'System figures: counts, job queues, AI spend',
        response: { 200: ZAdminStatsResponse },
      },
    },
    async (request) => {
      // The page must not start the queue: only a queue this process already runs is asked.
      const queues = app.jobsRunning()
        ? (await app.jobs.getQueues()).map((q) => ({
            name: q.name,
            queued: q.queuedCount,
            active: q.activeCount,
            failed: q.failedCount,
          }))
        : null;
      return { ...(await systemStats(ctxOf(request))), queues };
    },
  );

  app.post(
    '/api/admin/ocr',
    {
      // A photo from a phone, as base64.
      bodyLimit: 9 * 1024 * 1024,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'What the AI gateway reads in one image (OCR test; nothing is stored, no coins)',
        body: ZAdminOcrRequest,
        response: { 200: ZAdminOcrResponse },
      },
    },
    (request) => ocrTest(ctxOf(request), request.body),
  );
};

export default adminDev;
