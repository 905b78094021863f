import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZId, ZUserId } from './ids';

/** `POST /api/notifications` body (spec §7). */
export const ZNotificationPayload = z.object({
  type: z.string().min(1),
  details: z.string(),
  title: z.string().min(1),
  link_to: z.string().nullable(),
  receiver_user_id: ZUserId,
});
export type NotificationPayload = z.infer<typeof ZNotificationPayload>;

export const ZCreateNotificationRequest = ZNotificationPayload;
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

/** `GET /api/notifications`: the latest notifications and the user's AI credit balance (DESIGN §5). */
export const ZListNotificationsResponse = z.object({
  coinCount: z.number().int().min(0),
  notifications: z.array(ZNotification),
});
export type ListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;
