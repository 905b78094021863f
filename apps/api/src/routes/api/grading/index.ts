import {
  ZAcceptSuggestionsResponse,
  ZDeleteSkillFeedbackResponse,
  ZGradeChangesResponse,
  ZGradingGroupParams,
  ZGradingParams,
  ZGradingResponse,
  ZGradingSkillParams,
  ZGradingTaskParams,
  ZReleaseFeedbackRequest,
  ZReleaseFeedbackResponse,
  ZResetFeedbackResponse,
  ZSetGroupFeedbackRequest,
  ZSetGroupFeedbackResponse,
  ZSetSkillScoreRequest,
  ZSetSkillScoreResponse,
  ZSetSkillTextsRequest,
  ZSetSkillTextsResponse,
} from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptSuggestions,
  deleteSkillFeedback,
  gradeChangesCsv,
  listGradeChanges,
  loadGrading,
  releaseSubmission,
  releaseTask,
  resetFeedback,
  setGroupFeedback,
  setSkillScore,
  setSkillTexts,
} from '../../../domain/grading';
import { sendPrivateDownload } from '../../../lib/send-file';
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
          'then). 409 FEEDBACK_NOT_READY while nothing is scored or a correction is still running; 409 ' +
          'FEEDBACK_UNSCORED_SKILLS (details.unscored_skills) while a skill is unscored, unless the body ' +
          'confirms it with `{ "allowUnscored": true }`.',
        params: ZGradingParams,
        body: ZReleaseFeedbackRequest,
        response: { 200: ZReleaseFeedbackResponse },
      },
    },
    async (request) => ({
      released: await releaseSubmission(ctxOf(request), request.params.submissionId, {
        allowUnscored: request.body?.allowUnscored,
      }),
      skipped: [],
    }),
  );

  app.post(
    '/api/feedback/tasks/:taskId/release',
    {
      schema: {
        tags,
        summary: 'Hand back every corrected submission of a task; the links of all handed-back ones',
        description:
          'Submissions with an unscored skill are left out and listed in `skipped` (with the skills).',
        params: ZGradingTaskParams,
        response: { 200: ZReleaseFeedbackResponse },
      },
    },
    async (request) => releaseTask(ctxOf(request), request.params.taskId),
  );

  // The audit log of scores and "Alle Vorschläge übernehmen" (ADR 026).
  app.get(
    '/api/feedback/:submissionId/changes',
    {
      schema: {
        tags,
        summary: 'Every logged change of a skill score of the submission (AI and teacher), newest first',
        params: ZGradingParams,
        response: { 200: ZGradeChangesResponse },
      },
    },
    (request) => listGradeChanges(ctxOf(request), request.params.submissionId),
  );

  const sendCsv = (reply: FastifyReply, csv: { filename: string; body: string }) =>
    sendPrivateDownload(reply, 'text/csv; charset=utf-8', { fileName: csv.filename, body: csv.body });

  app.get(
    '/api/feedback/:submissionId/changes.csv',
    {
      schema: {
        tags,
        summary: 'The submission’s log as CSV (German headers, `;`, UTF-8 with BOM for Excel)',
        params: ZGradingParams,
      },
    },
    async (request, reply) =>
      sendCsv(reply, await gradeChangesCsv(ctxOf(request), { submissionId: request.params.submissionId })),
  );

  app.get(
    '/api/feedback/tasks/:taskId/changes.csv',
    {
      schema: {
        tags,
        summary: 'The log of every submission of the task as CSV (German headers, UTF-8 with BOM)',
        params: ZGradingTaskParams,
      },
    },
    async (request, reply) =>
      sendCsv(reply, await gradeChangesCsv(ctxOf(request), { taskId: request.params.taskId })),
  );

  app.post(
    '/api/feedback/:submissionId/accept-suggestions',
    {
      schema: {
        tags,
        summary: 'Take over every AI-suggested skill score the teacher has not changed, as the teacher’s',
        description:
          'Per submission only (there is no task-wide variant). 409 GRADING_NOT_VIEWED unless the teacher ' +
          'opened the grading view (`GET /api/feedback/:submissionId`, with files) after the AI’s last ' +
          'suggestion; 409 CORRECTION_RUNNING while the AI corrects. Logged as the teacher’s changes.',
        params: ZGradingParams,
        response: { 200: ZAcceptSuggestionsResponse },
      },
    },
    (request) => acceptSuggestions(ctxOf(request), request.params.submissionId),
  );
};

export default gradingRoutes;
