import { and, eq, lt, sql } from 'drizzle-orm';
import { userProfile } from '../../db/schema';
import { deleteOwnedData } from '../accounts/delete';
import type { Ctx } from '../context';
import { DEMO_TEACHER, ensureDemoAccounts, logDemoAccounts } from './accounts';
import { seedDemoContent, type DemoSeed } from './seed';

/** A public demo server restores the demo this long after its last seed (ARCHITECTURE.md §4). */
export const DEMO_RESET_AFTER_MS = 24 * 60 * 60 * 1000;

/** Empties the demo teacher's account (data, students, stored files) and seeds it again. */
async function reseed(ctx: Ctx): Promise<DemoSeed> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const teacherId = await ensureDemoAccounts(ctx);
  // Visitors stay signed in: only the demo's student accounts lose their sessions.
  await deleteOwnedData(ctx, teacherId, { keepOwnSessions: true });
  // The teacher's role went with their data.
  await ensureDemoAccounts(ctx);
  const seed = await seedDemoContent(ctx, teacherId);
  // Wall time, and the process's CPU time (all threads): on a busy machine the first is much larger.
  const used = process.cpuUsage(cpu);
  ctx.log.info(
    { ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) },
    'Demo-Inhalte angelegt',
  );
  return seed;
}

/**
 * At start (DEMO=1): the demo accounts, and the demo content unless it is there. The demo teacher's profile
 * is written last, so a seed that was cut off is found incomplete and done again from an empty account.
 */
export async function startDemo(ctx: Ctx): Promise<{ seeded: boolean }> {
  const teacherId = await ensureDemoAccounts(ctx);
  logDemoAccounts(ctx);
  const [profile] = await ctx.db
    .select({ id: userProfile.id })
    .from(userProfile)
    .where(eq(userProfile.user_id, teacherId));
  if (profile) return { seeded: false };
  await reseed(ctx);
  return { seeded: true };
}

/** `pnpm cli demo reset`: restores the demo whatever visitors did with it. */
export async function resetDemo(ctx: Ctx): Promise<DemoSeed> {
  return reseed(ctx);
}

/**
 * The daily reset: restores the demo when its last seed is older than DEMO_RESET_AFTER_MS. The profile's
 * created_at is the time of the last seed; moving it forward claims the reset, so of several processes only
 * one resets. Returns whether it did.
 */
export async function resetDemoIfDue(ctx: Ctx, now = new Date()): Promise<boolean> {
  const teacher = await ctx.services.authAdmin.getUserByEmail(DEMO_TEACHER.email);
  if (!teacher) return false;
  const claimed = await ctx.db
    .update(userProfile)
    .set({ created_at: sql`now()` })
    .where(
      and(
        eq(userProfile.user_id, teacher.id),
        lt(userProfile.created_at, new Date(now.getTime() - DEMO_RESET_AFTER_MS)),
      ),
    )
    .returning({ id: userProfile.id });
  if (claimed.length === 0) return false;
  await reseed(ctx);
  return true;
}
