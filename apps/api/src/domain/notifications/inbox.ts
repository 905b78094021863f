import {
  NOTIFICATIONS_LIST_LIMIT,
  type CreateNotificationRequest,
  type ListNotificationsResponse,
} from '@app/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isoTimestamp, isoTimestampOrNull } from '../../lib/sql';
import { accessible, requireNotificationReceiver } from '../access';
import { coinBalance } from '../coins';
import { actorId, type Ctx } from '../context';
import { notify } from './notify';

// The actor's notifications (PRODUCT.md §7) with their coin balance (ARCHITECTURE.md §5).

async function unreadCount(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(accessible.notifications('view', actorId(ctx)), isNull(notifications.read_at)));
  return row?.n ?? 0;
}

/** The columns of ZNotification, timestamps formatted in SQL (the list and the data export). */
export const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  details: notifications.details,
  link_to: notifications.link_to,
  receiver_user_id: notifications.receiver_user_id,
  created_at: isoTimestamp(notifications.created_at),
  read_at: isoTimestampOrNull(notifications.read_at),
};

/** The actor's latest notifications, newest first, with their coin balance and unread count. */
export async function listNotifications(ctx: Ctx): Promise<ListNotificationsResponse> {
  const userId = actorId(ctx);
  const [list, coinCount, unread] = await Promise.all([
    ctx.db
      .select(notificationColumns)
      .from(notifications)
      .where(accessible.notifications('view', userId))
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(NOTIFICATIONS_LIST_LIMIT),
    coinBalance(ctx.db, userId),
    unreadCount(ctx),
  ]);
  return { notifications: list, coinCount, unreadCount: unread };
}

/** Sends a notification to a receiver the policy allows (oneself; an organization member anyone). */
export async function sendNotification(ctx: Ctx, input: CreateNotificationRequest): Promise<void> {
  const sender = await requireNotificationReceiver(ctx, input.receiver_user_id);
  await notify(ctx.db, { ...input, created_by: sender });
}

/**
 * Marks one (`id`) or all of the actor's notifications as read and resolves the unread count after that;
 * 404 NOTIFICATION_NOT_FOUND when `id` is not theirs.
 */
export async function markNotificationsRead(ctx: Ctx, id?: string): Promise<{ unreadCount: number }> {
  const own = accessible.notifications('manage', actorId(ctx));
  if (id === undefined) {
    await ctx.db
      .update(notifications)
      .set({ read_at: new Date() })
      .where(and(own, isNull(notifications.read_at)));
  } else {
    const [row] = await ctx.db
      .select({ read_at: notifications.read_at })
      .from(notifications)
      .where(and(own, eq(notifications.id, id)));
    if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
    if (row.read_at === null)
      await ctx.db
        .update(notifications)
        .set({ read_at: new Date() })
        .where(and(own, eq(notifications.id, id)));
  }
  return { unreadCount: await unreadCount(ctx) };
}
