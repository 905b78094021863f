import { z } from 'zod';
import { ZTimestamp, zRequiredString } from './common';
import { errorMessages } from './errors';
import { ZId, ZUserId } from './ids';
import { zMultiline } from './text';

/** A cluster of competences the AI's `get_skills` draws on (PRODUCT.md §3, §7). */
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

export const ZListClustersResponse = z.array(ZCluster);
export const ZCreateClusterRequest = z.object({
  name: zRequiredString(errorMessages.NAME_REQUIRED).pipe(z.string().max(500)),
  description: zMultiline().max(20_000).default(''),
  criteria: zMultiline().max(50_000).default(''),
});
export type CreateClusterRequest = z.input<typeof ZCreateClusterRequest>;
export const ZUpdateClusterRequest = z
  .object({
    name: zRequiredString(errorMessages.NAME_REQUIRED).pipe(z.string().max(500)),
    description: zMultiline().max(20_000),
    criteria: zMultiline().max(50_000),
  })
  .partial();
export type UpdateClusterRequest = z.infer<typeof ZUpdateClusterRequest>;
