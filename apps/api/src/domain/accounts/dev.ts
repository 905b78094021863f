import { SUBMISSION_STATUSES, type AdminStatsResponse } from '@app/contract';
import { count, inArray, sql } from 'drizzle-orm';
import { AiError } from '../../ai/types';
import { classes, coinLedger, submissionFiles, submissions, tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Ctx } from '../context';

// The developer pages /dev/stats and /dev/ocr-test (PRODUCT.md §2), across all teachers: organization members
// only (routes/api/admin). The job queue's part of the figures needs the running queue and is added by the route.

export async function systemStats(ctx: Ctx): Promise<Omit<AdminStatsResponse, 'queues'>> {
  const total = async (table: typeof classes | typeof tasks | typeof submissionFiles) =>
    Number((await ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0);
  const byStatus = await ctx.db
    .select({ status: submissions.status, n: count() })
    .from(submissions)
    .groupBy(submissions.status);
  // Charges are negative `ai_job` rows, refunds give them back: what is left is what the AI cost.
  const [spent] = await ctx.db
    .select({ delta: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(inArray(coinLedger.reason, ['ai_job', 'refund']));
  return {
    counts: {
      users: (await ctx.services.authAdmin.listUsers()).length,
      classes: await total(classes),
      tasks: await total(tasks),
      files: await total(submissionFiles),
    },
    submissions: Object.fromEntries(
      SUBMISSION_STATUSES.map((status) => [
        status,
        Number(byStatus.find((row) => row.status === status)?.n ?? 0),
      ]),
    ),
    coinsSpent: Math.max(0, -Number(spent?.delta ?? 0)),
  };
}

/** What the AI gateway reads in one image (analyze `image`), without storing the image or charging coins. */
export async function ocrTest(ctx: Ctx, image: { mime: string; data: string }): Promise<{ text: string }> {
  const { ai } = ctx.services;
  if (!ai) throw new AppError('AI_NOT_CONFIGURED');
  try {
    return await ai.analyze('image', [
      { id: 'ocr-test', mime: image.mime, bytes: Buffer.from(image.data, 'base64') },
    ]);
  } catch (err) {
    if (!(err instanceof AiError)) throw err;
    throw new AppError(err.kind === 'invalid_response' ? 'AI_INVALID_RESPONSE' : 'AI_FAILED', undefined, {
      cause: err,
    });
  }
}
