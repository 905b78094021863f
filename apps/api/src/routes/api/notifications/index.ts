import {
  ZCreateNotificationRequest,
  ZCreateNotificationResponse,
  ZListNotificationsResponse,
  ZMarkNotificationsReadRequest,
  ZMarkNotificationsReadResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coinBalance } from '../../../domain/coins';
import { AppError } from '../../../lib/app-error';
import { currentUserId } from '../../../lib/current-user';
import { notify } from '../../../domain/notifications';
import { listNotifications, markRead, unreadCount } from './service';

/**
 * Spec §7 notifications with the coin balance (DESIGN §5), for any signed-in user (routes/index.ts).
 * Sending: to oneself; an organization member to anyone (ADR 009) — no spam channel between teachers.
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
    async (request) => {
      const userId = currentUserId(request);
      const [notifications, coinCount, unread] = await Promise.all([
        listNotifications(app.db, userId),
        coinBalance(app.db, userId),
        unreadCount(app.db, userId),
      ]);
      return { notifications, coinCount, unreadCount: unread };
    },
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
      const userId = currentUserId(request);
      const { receiver_user_id } = request.body;
      if (receiver_user_id !== userId) {
        if (request.user?.role !== 'organization_member')
          throw new AppError('NOTIFICATION_RECEIVER_FORBIDDEN');
        if (!(await app.authAdmin.getUserById(receiver_user_id))) throw new AppError('USER_NOT_FOUND');
      }
      await notify(app.db, { ...request.body, created_by: userId });
      return { message: 'Benachrichtigung gesendet', receiver_user_id };
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
    async (request) => {
      const userId = currentUserId(request);
      if (!(await markRead(app.db, userId, request.body.id))) throw new AppError('NOTIFICATION_NOT_FOUND');
      return { unreadCount: await unreadCount(app.db, userId) };
    },
  );
};

export default notificationRoutes;
