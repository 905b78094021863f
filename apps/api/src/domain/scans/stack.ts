import type { ScanReading } from '@app/contract';
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { submissionFiles, submissions } from '../../db/schema';
import { classMembers } from '../../lib/student-names';
import { cipherOf, type Ctx } from '../context';
import { storedBytes } from '../files';
import { matchFile } from '../submissions/matching';
import { guessPage, missingPages, nameGuess, type PageGuess, type StackPage } from './guess';
import { aiPageJpeg, inspectPage, readCode } from '../../lib/page-worker';

// Reading the teacher's scanned stack (PRODUCT.md §7 "Scans zuordnen", ADR 017). After the files of a
// teacher's upload without a student are recorded, each page is read in stack order, one at a time, in a
// background job (jobs.ts): its QR code names the submission (print token) and assigns the page; an empty page is marked
// blank; the pages left over get a best guess from the name printed on them (read here), the neighbouring
// pages and which students still lack pages (and a handwritten name through the AI provider, when there is
// one). Reading never loses a file: a page that cannot be read stays unmatched as `no_code`.

/** How long one upload may spend asking the AI for names; the pages after that get the neighbour guess. */
const NAME_READING_BUDGET_MS = 60_000;

interface ScanTask {
  id: string;
  class_id: string;
}

/** The submission of `taskId` a code names, or why it names none. */
function parseCode(
  code: string | null,
  taskId: string,
  submissionOfToken: ReadonlyMap<string, { id: string; student_id: string | null }>,
) {
  if (code === null) return { outcome: 'no_code' as const };
  let url: URL;
  try {
    url = new URL(code);
  } catch {
    return { outcome: 'foreign_code' as const };
  }
  // Only the path counts, not the host: the server may have moved since the sheet was printed.
  const token = url.searchParams.get('s');
  const submission = token ? submissionOfToken.get(token) : undefined;
  if (!url.pathname.endsWith(`/submit/${encodeURIComponent(taskId)}`) || !submission)
    return { outcome: 'foreign_code' as const };
  return { outcome: 'qr' as const, submission };
}

/** How many pages read from stacks (by code, or assigned from the queue) each student of the task has. */
async function scannedPagesPerStudent(ctx: Ctx, taskId: string): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ student_id: submissions.student_id, pages: count() })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submission_id))
    .where(and(eq(submissions.task_id, taskId), isNotNull(submissionFiles.scan)))
    .groupBy(submissions.student_id);
  return new Map(rows.flatMap((row) => (row.student_id ? [[row.student_id, Number(row.pages)]] : [])));
}

/**
 * Reads the pages of one upload (the receipt's files in order) and stores each reading with its file. Pages
 * already read or assigned (a duplicate of an earlier upload's page) are not read again; where assigned, they
 * still count as neighbours. Never throws: a failure is logged and leaves the pages unmatched.
 */
export async function readScannedStack(ctx: Ctx, task: ScanTask, fileIds: readonly string[]): Promise<void> {
  const started = performance.now();
  try {
    const ids = [...new Set(fileIds)];
    if (ids.length === 0) return;
    const rows = await ctx.db
      .select({
        id: submissionFiles.id,
        storage_key: submissionFiles.storage_key,
        mime: submissionFiles.mime,
        submission_id: submissionFiles.submission_id,
        scan: submissionFiles.scan,
        student_id: submissions.student_id,
      })
      .from(submissionFiles)
      .leftJoin(submissions, eq(submissions.id, submissionFiles.submission_id))
      .where(inArray(submissionFiles.id, ids));
    const rowById = new Map(rows.map((row) => [row.id, row]));
    const tokens = await ctx.db
      .select({ id: submissions.id, student_id: submissions.student_id, token: submissions.print_token })
      .from(submissions)
      .where(and(eq(submissions.task_id, task.id), isNotNull(submissions.print_token)));
    const submissionOfToken = new Map(tokens.map((row) => [row.token!, row]));

    // 1. The codes, page by page.
    const stack: Array<StackPage & { id: string; read: ScanReading['outcome'] | null }> = [];
    for (const id of ids) {
      const row = rowById.get(id);
      if (!row) continue; // deleted meanwhile
      if (row.submission_id !== null || row.scan !== null) {
        stack.push({ id, studentId: row.student_id, read: null });
        continue;
      }
      let code: string | null = null;
      try {
        code = await readCode(await storedBytes(ctx, row.storage_key), row.mime);
      } catch (err) {
        ctx.log.warn({ err, fileId: id }, 'Seite des Stapels nicht lesbar');
      }
      const parsed = parseCode(code, task.id, submissionOfToken);
      if (parsed.outcome !== 'qr') {
        stack.push({ id, studentId: null, read: parsed.outcome });
        continue;
      }
      try {
        await matchFile(ctx, parsed.submission.id, id);
        stack.push({ id, studentId: parsed.submission.student_id, read: 'qr' });
      } catch (err) {
        // E.g. the teacher assigned the same content there at the same moment: the page stays unmatched.
        ctx.log.warn({ err, fileId: id }, 'Seite des Stapels nicht zugeordnet');
        stack.push({ id, studentId: null, read: 'no_code' });
      }
    }
    const read = stack.filter((page) => page.read !== null).length;

    // 2. The pages without a code: blank, or the text of their header (the printed name).
    const texts = new Map<string, string>();
    for (const page of stack) {
      if (page.read !== 'no_code') continue;
      try {
        const row = rowById.get(page.id)!;
        const seen = await inspectPage(await storedBytes(ctx, row.storage_key), row.mime);
        if (seen.blank) page.read = 'blank';
        else texts.set(page.id, seen.text);
      } catch (err) {
        ctx.log.warn({ err, fileId: page.id }, 'Seite des Stapels nicht gelesen');
      }
    }

    // 3. What the class list knows, then a guess for each page left over; every reading is stored.
    const missing = missingPages(
      tokens.flatMap((row) => (row.student_id ? [row.student_id] : [])),
      await scannedPagesPerStudent(ctx, task.id),
    );
    const open = stack.filter((page) => page.read === 'no_code').length;
    const members = open > 0 ? await classMembers(ctx.db, cipherOf(ctx), task.class_id) : [];
    const ai = ctx.services.ai;
    let aiAvailable = ai !== null && members.length > 0;
    const aiDeadline = Date.now() + NAME_READING_BUDGET_MS;
    for (const [index, page] of stack.entries()) {
      if (page.read === null) continue;
      let guess: PageGuess | null = null;
      if (page.read === 'no_code') {
        let byName = nameGuess(texts.get(page.id) ?? '', members);
        // Handwriting (the plain worksheet's name field): the AI service, when there is one.
        if (!byName && ai && aiAvailable && Date.now() < aiDeadline) {
          try {
            const row = rowById.get(page.id)!;
            const bytes = await aiPageJpeg(await storedBytes(ctx, row.storage_key), row.mime);
            // The page goes out, never the class list: the answer is matched here.
            const { text } = await ai.analyze('image', [{ id: page.id, mime: 'image/jpeg', bytes }]);
            byName = nameGuess(text, members);
          } catch (err) {
            // The provider is down or slow: the rest of the stack goes without names.
            aiAvailable = false;
            ctx.log.warn({ err, fileId: page.id }, 'Name auf der Seite nicht gelesen');
          }
        }
        guess = guessPage({ stack, index, byName, missing, open });
      }
      const scan: ScanReading = {
        outcome: page.read,
        guess_student_id: guess?.studentId ?? null,
        confidence: guess?.confidence ?? null,
        reasons: guess?.reasons ?? [],
        candidates: guess?.candidates ?? [],
        stack_index: index,
      };
      await ctx.db.update(submissionFiles).set({ scan }).where(eq(submissionFiles.id, page.id));
    }
    const ms = performance.now() - started;
    ctx.log.info(
      {
        taskId: task.id,
        pages: read,
        matched: stack.filter((p) => p.read === 'qr').length,
        msPerPage: read ? Math.round(ms / read) : 0,
      },
      'Stapel gelesen',
    );
  } catch (err) {
    ctx.log.error({ err, taskId: task.id }, 'Stapel nicht gelesen');
    // What is still unread is shown as pages without a code, for the teacher to assign, not as "being read".
    await ctx.db
      .update(submissionFiles)
      .set({
        scan: {
          outcome: 'no_code',
          guess_student_id: null,
          confidence: null,
          reasons: [],
          candidates: [],
          stack_index: 0,
        },
      })
      .where(
        and(
          inArray(submissionFiles.id, [...fileIds]),
          isNull(submissionFiles.scan),
          isNull(submissionFiles.submission_id),
        ),
      )
      .catch((error: unknown) =>
        ctx.log.error({ err: error, taskId: task.id }, 'Stapel nicht als gelesen markiert'),
      );
  }
}
