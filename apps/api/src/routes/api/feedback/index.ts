import {
  ZDeleteSkillFeedbackResponse,
  ZGradingGroupParams,
  ZGradingParams,
  ZGradingResponse,
  ZGradingSkillParams,
  ZGradingTaskParams,
  ZReleaseFeedbackResponse,
  ZResetFeedbackResponse,
  ZSetGroupFeedbackRequest,
  ZSetGroupFeedbackResponse,
  ZSetSkillScoreRequest,
  ZSetSkillScoreResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserId } from '../../../lib/current-user';
import { profileCipher } from '../../../lib/profile-crypto';
import { mapValidationErrors } from '../../../lib/validation-errors';
import {
  deleteSkillFeedback,
  loadGrading,
  releaseSubmission,
  releaseTask,
  resetFeedback,
  setGroupFeedback,
  setSkillScore,
} from './service';

/**
 * `/api/feedback/...` (DESIGN §6, issue 6): the teacher grades one submission along the task's rubric,
 * corrects the AI's suggestions (the teacher's value is final) and hands the feedback back ("Austeilen").
 * Another teacher's submission is 404.
 */
const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['feedback'];
  mapValidationErrors(app, ['SUBMISSION_NOT_FOUND']);

  app.get(
    '/api/feedback/:submissionId',
    {
      schema: {
        tags,
        summary: 'A submission with its files and its feedback along the task’s rubric (every skill present)',
        params: ZGradingParams,
        response: { 200: ZGradingResponse },
      },
    },
    (request) =>
      loadGrading(
        app.db,
        profileCipher(app.config),
        currentUserId(request),
        request.params.submissionId,
        app.config.PUBLIC_URL,
      ),
  );

  app.put(
    '/api/feedback/:submissionId/skills/:skillId',
    {
      schema: {
        tags,
        summary: 'Set the score of one skill (0..maxScore, -1 = not scored); the teacher’s value is final',
        description:
          'The AI’s suggestion stays visible as `ai_score`. A changed score is also sent to the AI ' +
          'service’s `score` (`pl_id` = the feedback row id) for calibration, without waiting for it.',
        params: ZGradingSkillParams,
        body: ZSetSkillScoreRequest,
        response: { 200: ZSetSkillScoreResponse },
      },
    },
    async (request) => {
      const { submissionId, skillId } = request.params;
      const { feedback, previous } = await setSkillScore(
        app.db,
        currentUserId(request),
        submissionId,
        skillId,
        request.body.score,
      );
      // Calibration is a courtesy to the AI service: its failure never fails the teacher's save.
      // -1 (taken back) is no score to learn from.
      if (app.ai && feedback.id && feedback.score >= 0 && previous !== feedback.score) {
        app.ai
          .score({ pl_id: feedback.id, score: feedback.score })
          .catch((err: unknown) =>
            request.log.warn({ err, pl_id: feedback.id }, 'KI-Kalibrierung fehlgeschlagen'),
          );
      }
      return feedback;
    },
  );

  app.delete(
    '/api/feedback/:submissionId/skills/:skillId',
    {
      schema: {
        tags,
        summary: 'Delete one skill’s feedback (score, texts and the AI’s suggestion)',
        params: ZGradingSkillParams,
        response: { 200: ZDeleteSkillFeedbackResponse },
      },
    },
    async (request) => {
      const { submissionId, skillId } = request.params;
      await deleteSkillFeedback(app.db, currentUserId(request), submissionId, skillId);
      return { submission_id: submissionId, skill_id: skillId };
    },
  );

  app.put(
    '/api/feedback/:submissionId/groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Set the feedback text of one skill group; the teacher’s text is final',
        params: ZGradingGroupParams,
        body: ZSetGroupFeedbackRequest,
        response: { 200: ZSetGroupFeedbackResponse },
      },
    },
    (request) =>
      setGroupFeedback(
        app.db,
        currentUserId(request),
        request.params.submissionId,
        request.params.groupId,
        request.body.feedback,
      ),
  );

  app.post(
    '/api/feedback/:submissionId/reset',
    {
      schema: {
        tags,
        summary: 'Delete all feedback of a submission; its status goes back to `abgegeben` / `offen`',
        params: ZGradingParams,
        response: { 200: ZResetFeedbackResponse },
      },
    },
    (request) => resetFeedback(app.db, currentUserId(request), request.params.submissionId),
  );

  app.post(
    '/api/feedback/:submissionId/release',
    {
      schema: {
        tags,
        summary: 'Hand a corrected submission back (`ausgeteilt`) and get the student’s feedback link',
        description: '409 FEEDBACK_NOT_READY while nothing is scored or a correction is still running.',
        params: ZGradingParams,
        response: { 200: ZReleaseFeedbackResponse },
      },
    },
    async (request) => ({
      released: await releaseSubmission(
        app.db,
        currentUserId(request),
        request.params.submissionId,
        app.config.PUBLIC_URL,
      ),
    }),
  );

  app.post(
    '/api/feedback/tasks/:taskId/release',
    {
      schema: {
        tags,
        summary: 'Hand back every corrected submission of a task; the links of all handed-back ones',
        params: ZGradingTaskParams,
        response: { 200: ZReleaseFeedbackResponse },
      },
    },
    async (request) => ({
      released: await releaseTask(
        app.db,
        currentUserId(request),
        request.params.taskId,
        app.config.PUBLIC_URL,
      ),
    }),
  );
};

export default feedbackRoutes;
