import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';

export interface NewNotification {
  receiver_user_id: string;
  type: string;
  title: string;
  details: string;
  link_to: string | null;
  /** Null when the system sends it (e.g. a feedback job finished). */
  created_by: string | null;
}

/** Stores one notification for its receiver (PRODUCT.md §3 payload). Pass the transaction when inside one. */
export async function notify(db: Executor, n: NewNotification): Promise<void> {
  await db.insert(notifications).values({
    receiver_user_id: n.receiver_user_id,
    type: n.type,
    title: n.title,
    details: n.details,
    link_to: n.link_to,
    created_by: n.created_by,
  });
}
