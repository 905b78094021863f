import {
  ZCreateNotificationRequest,
  ZCreateNotificationResponse,
  ZListNotificationsResponse,
  ZMarkNotificationsReadRequest,
  ZMarkNotificationsReadResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listNotifications, markNotificationsRead, sendNotification } from '../../../domain/notifications';
import { ctxOf } from '../../context';

/**
 * PRODUCT.md §7 notifications with the coin balance (ARCHITECTURE.md §5), for any signed-in user
 * (routes/index.ts). Sending: to oneself; an organization member to anyone (ADR 009).
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'The caller’s latest notifications, newest first, with their coin balance',
        response: { 200: ZListNotificationsResponse },
      },
    },
    (request) => listNotifications(ctxOf(request)),
  );

  app.post(
    '/api/notifications',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a notification (to oneself; organization members to anyone)',
        body: ZCreateNotificationRequest,
        response: { 200: ZCreateNotificationResponse },
      },
    },
    async (request) => {
      await sendNotification(ctxOf(request), request.body);
      return { message: 'Benachrichtigung gesendet', receiver_user_id: request.body.receiver_user_id };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark one (id) or all of the caller’s notifications as read',
        body: ZMarkNotificationsReadRequest,
        response: { 200: ZMarkNotificationsReadResponse },
      },
    },
    (request) => markNotificationsRead(ctxOf(request), request.body.id),
  );
};

export default notificationRoutes;
