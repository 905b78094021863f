import { and, eq, isNull, sql } from 'drizzle-orm';
import { submissionFiles, tasks } from '../../db/schema';
import type { Ctx } from '../context';
import { readScannedStack } from './stack';

// Reading a teacher's stack in the background (ADR 017): the upload only records the pages and queues one
// pg-boss job for them, so a 100-page stack never holds the request for minutes. The job reads the pages
// one by one as the teacher who uploaded them; each reading lands on its file row at once, and the matching
// view follows through the realtime events of those rows. A job whose process died runs again and reads what
// is still unread (pages read or assigned meanwhile are skipped).

export const SCAN_READ_QUEUE = 'scan-read';

export interface ScanReadJobData {
  taskId: string;
  teacherId: string;
  /** The upload's pages in stack order. */
  fileIds: string[];
}

/** Queues the reading of an upload's pages; if the queue cannot take it, reads them here, unawaited. */
export async function queueStackReading(ctx: Ctx, data: ScanReadJobData): Promise<void> {
  if (data.fileIds.length === 0) return;
  try {
    const boss = await ctx.services.startJobs();
    await boss.send(SCAN_READ_QUEUE, data);
  } catch (err) {
    // The pages are stored either way; reading them in this process beats leaving them unread.
    ctx.log.warn(
      { err, taskId: data.taskId },
      'Stapel nicht in die Warteschlange gestellt, wird direkt gelesen',
    );
    void runScanRead(ctx, data);
  }
}

/** The job: the pages of one upload, read as the teacher who uploaded them. */
export async function runScanRead(ctx: Ctx, data: ScanReadJobData): Promise<'done' | 'gone'> {
  const [task] = await ctx.db
    .select({ id: tasks.id, class_id: tasks.class_id })
    .from(tasks)
    .where(eq(tasks.id, data.taskId));
  if (!task) return 'gone';
  const asTeacher: Ctx = { ...ctx, actor: { kind: 'user', id: data.teacherId, role: 'teacher' } };
  await readScannedStack(asTeacher, task, data.fileIds);
  return 'done';
}

/** Whether pages of a teacher's stack wait to be read (a process stopped while reading them). */
export async function stackPagesUnread(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: submissionFiles.id })
    .from(submissionFiles)
    .where(
      and(
        isNull(submissionFiles.submission_id),
        isNull(submissionFiles.uploader_label),
        isNull(submissionFiles.scan),
        // Only pages a queued job still owns: a recent upload.
        sql`${submissionFiles.uploaded_at} > now() - interval '1 day'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
