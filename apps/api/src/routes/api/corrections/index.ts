import {
  ZCorrectionPreviewRequest,
  ZCorrectionPreviewResponse,
  ZRequestCorrectionsRequest,
  ZRequestCorrectionsResponse,
  ZSkillFeedbackSupabaseRequest,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submissions } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { currentUserId } from '../../../lib/current-user';
import { previewCorrections, requestCorrections } from './service';

/**
 * AI corrections (DESIGN §7). `POST /api/corrections` queues feedback jobs for one submission or a task;
 * `POST /aiapy/skill_feedback_supabase` is the spec's entry (§7) for the same job of one submission.
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
    async (request) => {
      const { taskId, submissionId } = request.body;
      return requestCorrections(
        app,
        currentUserId(request),
        taskId ? { taskId } : { submissionId: submissionId! },
      );
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
    (request) => previewCorrections(app, currentUserId(request), request.query.taskId),
  );

  app.post(
    '/aiapy/skill_feedback_supabase',
    {
      schema: {
        tags,
        summary: 'The spec’s entry for the feedback job of one submission (same as POST /api/corrections)',
        description:
          'Reads `task.id` and `submission.id` (or `submission_id`) only: the job uses the rubric, task and files as ' +
          'stored now, so what a client sends cannot disagree with the database.',
        body: ZSkillFeedbackSupabaseRequest,
        response: { 200: ZRequestCorrectionsResponse },
      },
    },
    async (request) => {
      const ownerId = currentUserId(request);
      const submissionId = (request.body.submission.id ?? request.body.submission.submission_id) as string;
      const [row] = await app.db
        .select({ task_id: submissions.task_id })
        .from(submissions)
        .where(and(eq(submissions.id, submissionId), eq(submissions.created_by, ownerId)));
      // A submission of another task than the one named is as unknown as another teacher's.
      if (!row || row.task_id !== request.body.task.id) throw new AppError('SUBMISSION_NOT_FOUND');
      return requestCorrections(app, ownerId, { submissionId });
    },
  );
};

export default correctionsRoutes;
