import type { Cluster, UpdateClusterRequest, ZCreateClusterRequest } from '@app/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clusters } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { accessible } from '../access';
import { actorId, type Ctx } from '../context';

// Criteria clusters: named sets of criteria the skill generation starts from.

const toCluster = (row: typeof clusters.$inferSelect): Cluster => ({
  id: row.id,
  name: row.name,
  description: row.description,
  criteria: row.criteria,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  updated_at: iso(row.updated_at),
});

/** The actor's clusters, last changed first. */
export async function listClusters(ctx: Ctx): Promise<Cluster[]> {
  const rows = await ctx.db
    .select()
    .from(clusters)
    .where(accessible.clusters('view', actorId(ctx)))
    .orderBy(desc(clusters.updated_at), asc(clusters.id));
  return rows.map(toCluster);
}

/** The clusters among `ids`; 404 CLUSTER_NOT_FOUND when one is missing or the actor may not use it. */
export async function clustersOf(ctx: Ctx, ids: readonly string[]): Promise<Cluster[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(clusters)
    .where(and(inArray(clusters.id, [...ids]), accessible.clusters('view', actorId(ctx))));
  if (rows.length !== new Set(ids).size) throw new AppError('CLUSTER_NOT_FOUND');
  return rows.map(toCluster);
}

export async function createCluster(
  ctx: Ctx,
  input: z.infer<typeof ZCreateClusterRequest>,
): Promise<Cluster> {
  const [row] = await ctx.db
    .insert(clusters)
    .values({ ...input, created_by: actorId(ctx) })
    .returning();
  return toCluster(row!);
}

export async function updateCluster(ctx: Ctx, id: string, input: UpdateClusterRequest): Promise<Cluster> {
  const [row] = await ctx.db
    .update(clusters)
    .set({ ...input, updated_at: sql`now()` })
    .where(and(eq(clusters.id, id), accessible.clusters('manage', actorId(ctx))))
    .returning();
  if (!row) throw new AppError('CLUSTER_NOT_FOUND');
  return toCluster(row);
}

export async function deleteCluster(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(clusters)
    .where(and(eq(clusters.id, id), accessible.clusters('manage', actorId(ctx))))
    .returning({ id: clusters.id });
  if (deleted.length === 0) throw new AppError('CLUSTER_NOT_FOUND');
}
