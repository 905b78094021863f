import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZId, ZUserId } from './ids';

/** A cluster of competences the AI's `get_skills` draws on (spec §3, §7). */
export const ZCluster = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  criteria: z.string(),
  created_at: ZTimestamp,
  created_by: ZUserId,
  updated_at: ZTimestamp,
});
export type Cluster = z.infer<typeof ZCluster>;
