import { z } from 'zod';
import { ZTimestamp } from './common';

export const REALTIME_EVENT_TYPES = ['INSERT', 'UPDATE', 'DELETE'] as const;
export const ZRealtimeEventType = z.enum(REALTIME_EVENT_TYPES);
export type RealtimeEventType = z.infer<typeof ZRealtimeEventType>;

const ZRecord = z.record(z.string(), z.unknown());

/** A row change pushed to the browser (PRODUCT.md §3; shaped like Supabase's postgres_changes payload). */
export const ZRealtimeChangeEvent = z.object({
  schema: z.string(),
  table: z.string(),
  commit_timestamp: ZTimestamp,
  eventType: ZRealtimeEventType,
  /** The row after the change; `{}` on DELETE. */
  new: ZRecord,
  /** The row (or its key) before the change; `{}` on INSERT. */
  old: ZRecord,
  errors: z.array(z.string()).nullable(),
});
export type RealtimeChangeEvent = z.infer<typeof ZRealtimeChangeEvent>;
