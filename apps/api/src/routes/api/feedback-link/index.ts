import {
  ZFeedbackLinkFileParams,
  ZFeedbackLinkParams,
  ZFeedbackLinkResponse,
  ZStudentSkillProfile,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackLinkSkillProfile, findFeedbackLinkFile, loadFeedbackLink } from '../../../domain/grading';
import { AppError } from '../../../lib/app-error';
import { sendStoredFile } from '../../../lib/send-file';
import { ctxOf } from '../../context';

/**
 * `/api/feedback-link/:token` (public, ADR 010): the student's handed-back feedback, read-only, through the
 * unguessable token of their personal link — only while the submission is `ausgeteilt`. An unknown token,
 * a malformed one and one not (or no longer) released are the same 404.
 */
const feedbackLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['feedback'];
  // Per IP: a class behind one school NAT opens its links at once (30 pages, a few files each); guessing a
  // 192-bit token is hopeless anyway, this only keeps scanners from hammering the database.
  const rateLimit = { max: 300, timeWindow: '1 minute' };
  app.setErrorHandler((err) => {
    // A token that fails the params schema is just another unknown token.
    if ((err as { validationContext?: string }).validationContext === 'params')
      throw new AppError('FEEDBACK_LINK_NOT_FOUND');
    throw err;
  });

  app.get(
    '/api/feedback-link/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'The student’s handed-back feedback (first name, files, scores, texts; read-only)',
        params: ZFeedbackLinkParams,
        response: { 200: ZFeedbackLinkResponse },
      },
    },
    async (request, reply) => {
      const body = await loadFeedbackLink(ctxOf(request), request.params.token);
      // A child's results: never in a shared cache, never sent on as a referrer.
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return body;
    },
  );

  app.get(
    '/api/feedback-link/:token/skill-profile',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'The student’s skill profile in the link’s class: their own handed-back tasks only',
        params: ZFeedbackLinkParams,
        response: { 200: ZStudentSkillProfile },
      },
    },
    async (request, reply) => {
      const body = await feedbackLinkSkillProfile(ctxOf(request), request.params.token);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return body;
    },
  );

  app.get(
    '/api/feedback-link/:token/files/:fileId',
    {
      config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A file of that submission (inline, nosniff, private)',
        params: ZFeedbackLinkFileParams,
      },
    },
    async (request, reply) => {
      const file = await findFeedbackLinkFile(ctxOf(request), request.params.token, request.params.fileId);
      reply.header('referrer-policy', 'no-referrer');
      return sendStoredFile(app, request, reply, file);
    },
  );
};

export default feedbackLinkRoutes;
