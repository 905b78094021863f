import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { NOTIFICATIONS_LIST_LIMIT, type Notification } from '@app/contract';
import type { Executor } from '../../../db/client';
import { notifications } from '../../../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../../../lib/sql';

/** The receiver's latest notifications, newest first. */
export async function listNotifications(db: Executor, userId: string): Promise<Notification[]> {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      details: notifications.details,
      link_to: notifications.link_to,
      receiver_user_id: notifications.receiver_user_id,
      created_at: isoTimestamp(notifications.created_at),
      read_at: isoTimestampOrNull(notifications.read_at),
    })
    .from(notifications)
    .where(eq(notifications.receiver_user_id, userId))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(NOTIFICATIONS_LIST_LIMIT);
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.receiver_user_id, userId), isNull(notifications.read_at)));
  return row?.n ?? 0;
}

/** Marks one (`id`) or all of the receiver's notifications as read. False when `id` is not theirs. */
export async function markRead(db: Executor, userId: string, id?: string): Promise<boolean> {
  const own = eq(notifications.receiver_user_id, userId);
  if (id === undefined) {
    await db
      .update(notifications)
      .set({ read_at: new Date() })
      .where(and(own, isNull(notifications.read_at)));
    return true;
  }
  const [row] = await db
    .select({ read_at: notifications.read_at })
    .from(notifications)
    .where(and(own, eq(notifications.id, id)));
  if (!row) return false;
  if (row.read_at === null)
    await db
      .update(notifications)
      .set({ read_at: new Date() })
      .where(and(own, eq(notifications.id, id)));
  return true;
}
