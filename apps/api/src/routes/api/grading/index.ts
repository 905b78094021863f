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
  ZSetSkillTextsRequest,
  ZSetSkillTextsResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteSkillFeedback,
  loadGrading,
  releaseSubmission,
  releaseTask,
  resetFeedback,
  setGroupFeedback,
  setSkillScore,
  setSkillTexts,
} from '../../../domain/grading';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { ctxOf } from '../../context';

/**
 * Grading, under `/api/feedback/...` (ARCHITECTURE.md §6): the teacher grades one submission along the task's
 * rubric, corrects the AI's suggestions (the teacher's value is final) and hands the feedback back
 * ("Austeilen"). A submission the teacher may not grade is 404.
 */
const gradingRoutes: FastifyPluginAsyncZod = async (app) => {
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
    (request) => loadGrading(ctxOf(request), request.params.submissionId),
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
    (request) =>
      setSkillScore(ctxOf(request), request.params.submissionId, request.params.skillId, request.body.score),
  );

  app.put(
    '/api/feedback/:submissionId/skills/:skillId/texts',
    {
      schema: {
        tags,
        summary: 'The teacher’s reason and recommendation of one skill, or keep the AI’s',
        description:
          '`reason` and `recommendation` (both; empty strings remove them) are the teacher’s and final. ' +
          '`keep_ai_texts` true shows the AI’s texts to the student also for a changed score (false takes ' +
          'that back); without the AI’s texts 409 FEEDBACK_NO_AI_TEXTS. Once the teacher changed a score, ' +
          'the AI’s texts are not shown to the student unless kept.',
        params: ZGradingSkillParams,
        body: ZSetSkillTextsRequest,
        response: { 200: ZSetSkillTextsResponse },
      },
    },
    (request) =>
      setSkillTexts(ctxOf(request), request.params.submissionId, request.params.skillId, request.body),
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
    (request) => deleteSkillFeedback(ctxOf(request), request.params.submissionId, request.params.skillId),
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
        ctxOf(request),
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
    (request) => resetFeedback(ctxOf(request), request.params.submissionId),
  );

  app.post(
    '/api/feedback/:submissionId/release',
    {
      schema: {
        tags,
        summary: 'Hand a corrected submission back (`ausgeteilt`) and get the student’s feedback link',
        description:
          'Publishes what the link shows until the next hand-back (later changes stay the teacher’s until ' +
          'then). 409 FEEDBACK_NOT_READY while nothing is scored or a correction is still running.',
        params: ZGradingParams,
        response: { 200: ZReleaseFeedbackResponse },
      },
    },
    async (request) => ({ released: await releaseSubmission(ctxOf(request), request.params.submissionId) }),
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
    async (request) => ({ released: await releaseTask(ctxOf(request), request.params.taskId) }),
  );
};

export default gradingRoutes;
