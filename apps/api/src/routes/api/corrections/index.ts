import {
  ZCorrectionPreviewRequest,
  ZCorrectionPreviewResponse,
  ZRequestCorrectionsRequest,
  ZRequestCorrectionsResponse,
  ZSkillFeedbackSupabaseRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  previewCorrections,
  requestCorrections,
  requestSubmissionCorrection,
} from '../../../domain/corrections';
import { ctxOf } from '../../context';

/**
 * AI corrections (ARCHITECTURE.md §7). `POST /api/corrections` queues correction jobs for one submission or a
 * task; `POST /aiapy/skill_feedback_supabase` is the entry of PRODUCT.md §7 for the same job of one submission.
 */
const correctionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['corrections'];

  app.post(
    '/api/corrections',
    {
      schema: {
        tags,
        summary:
          'Queue AI feedback for one submission (also: retry) or for every waiting submission of a task',
        description:
          'Charges AI_COST_FEEDBACK coins per submission (402 NOT_ENOUGH_COINS: nothing charged or queued) and sets ' +
          'the submissions to `inKorrektur`. A failed job refunds its coins. A retry charges again; the charge of a ' +
          'stuck correction (over 5 minutes) is refunded first.',
        body: ZRequestCorrectionsRequest,
        response: { 200: ZRequestCorrectionsResponse },
      },
    },
    (request) => {
      const { taskId, submissionId } = request.body;
      return requestCorrections(ctxOf(request), taskId ? { taskId } : { submissionId: submissionId! });
    },
  );

  app.get(
    '/api/corrections/preview',
    {
      schema: {
        tags,
        summary: 'How many submissions of a task a task-wide request would queue, the price and the balance',
        querystring: ZCorrectionPreviewRequest,
        response: { 200: ZCorrectionPreviewResponse },
      },
    },
    (request) => previewCorrections(ctxOf(request), request.query.taskId),
  );

  app.post(
    '/aiapy/skill_feedback_supabase',
    {
      schema: {
        tags,
        summary:
          'The entry of PRODUCT.md §7 for the correction job of one submission (same as POST /api/corrections)',
        description:
          'Reads `task.id` and `submission.id` (or `submission_id`) only: the job uses the rubric, task and files as ' +
          'stored now, so what a client sends cannot disagree with the database.',
        body: ZSkillFeedbackSupabaseRequest,
        response: { 200: ZRequestCorrectionsResponse },
      },
    },
    (request) => {
      const { task, submission } = request.body;
      return requestSubmissionCorrection(
        ctxOf(request),
        task.id,
        (submission.id ?? submission.submission_id) as string,
      );
    },
  );
};

export default correctionsRoutes;
