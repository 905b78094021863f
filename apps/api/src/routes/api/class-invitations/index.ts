import { ZClass, ZListClassInvitationsResponse } from '@app/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZId } from '@app/contract';
import {
  acceptClassInvitation,
  declineClassInvitation,
  listClassInvitations,
} from '../../../domain/classes/teachers';
import { ctxOf } from '../../context';

const ZClassIdParams = z.object({ classId: ZId });

/**
 * `/api/class-invitations`: the classes colleagues want to share with the caller (co-teaching,
 * ARCHITECTURE.md §11); accepting gives access with the invitation's role, declining removes it.
 */
const classInvitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['classes'];

  app.get(
    '/api/class-invitations',
    {
      schema: {
        tags,
        summary: 'Invitations to colleagues’ classes waiting for the caller’s answer',
        response: { 200: ZListClassInvitationsResponse },
      },
    },
    async (request) => ({ invitations: await listClassInvitations(ctxOf(request)) }),
  );

  app.post(
    '/api/class-invitations/:classId/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: the class with the caller’s role',
        params: ZClassIdParams,
        response: { 200: ZClass },
      },
    },
    (request) => acceptClassInvitation(ctxOf(request), request.params.classId),
  );

  app.post(
    '/api/class-invitations/:classId/decline',
    {
      schema: { tags, summary: 'Decline an invitation', params: ZClassIdParams },
    },
    async (request, reply) => {
      await declineClassInvitation(ctxOf(request), request.params.classId);
      return reply.code(204).send();
    },
  );
};

export default classInvitationsRoutes;
