import { z } from 'zod';
import { ZTimestamp } from './common';
import { MAX_COIN_GRANT } from './constants';
import { ZId, ZUserId } from './ids';
import { zLine, zMultiline } from './text';

/** `POST /api/notifications` body (PRODUCT.md §7). */
export const ZNotificationPayload = z.object({
  type: z.string().min(1),
  details: z.string(),
  title: z.string().min(1),
  link_to: z.string().nullable(),
  receiver_user_id: ZUserId,
});
export type NotificationPayload = z.infer<typeof ZNotificationPayload>;

export const ZCreateNotificationRequest = ZNotificationPayload.extend({
  type: zLine().min(1),
  details: zMultiline(),
  title: zLine().min(1),
  link_to: zLine().nullable(),
});
export type CreateNotificationRequest = z.infer<typeof ZCreateNotificationRequest>;
export const ZCreateNotificationResponse = z.object({
  message: z.string(),
  receiver_user_id: ZUserId,
});
export type CreateNotificationResponse = z.infer<typeof ZCreateNotificationResponse>;

/** A stored notification. */
export const ZNotification = ZNotificationPayload.extend({
  id: ZId,
  created_at: ZTimestamp,
  /** null while unread. */
  read_at: ZTimestamp.nullable(),
});
export type Notification = z.infer<typeof ZNotification>;

/**
 * `GET /api/notifications`: the latest notifications and the user's AI credit balance (ARCHITECTURE.md §5).
 */
export const ZListNotificationsResponse = z.object({
  coinCount: z.number().int().min(0),
  notifications: z.array(ZNotification),
  /** Unread notifications of the user in all (the bell's badge), not only among the listed ones. */
  unreadCount: z.number().int().min(0),
});
export type ListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;

/** How many notifications `GET /api/notifications` returns, newest first. */
export const NOTIFICATIONS_LIST_LIMIT = 50;

/** `POST /api/notifications/read`: marks one notification (`id`) or all of the caller's as read. */
export const ZMarkNotificationsReadRequest = z.object({ id: ZId.optional() });
export type MarkNotificationsReadRequest = z.infer<typeof ZMarkNotificationsReadRequest>;
export const ZMarkNotificationsReadResponse = z.object({ unreadCount: z.number().int().min(0) });
export type MarkNotificationsReadResponse = z.infer<typeof ZMarkNotificationsReadResponse>;

/** `POST /api/admin/coins` (organization_member): grants coins to a user (ADR 009). */
export const ZAdminGrantCoinsRequest = z.object({
  user_id: ZUserId,
  amount: z.number().int().min(1).max(MAX_COIN_GRANT),
});
export type AdminGrantCoinsRequest = z.infer<typeof ZAdminGrantCoinsRequest>;
/** `POST /api/admin/coins` and `GET /api/admin/coins?user_id=`: the user's balance. */
export const ZAdminCoinsResponse = z.object({ user_id: ZUserId, coinCount: z.number().int().min(0) });
export type AdminCoinsResponse = z.infer<typeof ZAdminCoinsResponse>;
export const ZAdminCoinsQuery = z.object({ user_id: ZUserId });
