import { inArray } from 'drizzle-orm';
import { pdfExports, submissionFiles } from '../../db/schema';
import type { Ctx } from '../context';

// Stored objects without a row (ARCHITECTURE.md §8). An upload stores its files first and writes their rows
// in one transaction at the end; a process killed in between (SIGKILL, power loss) leaves objects nobody
// will ever reference, and a delete whose storage half failed leaves one too. The sweep removes them once
// they are older than any upload can take; an object with a row is never touched.

/** How old an object without a row must be before it is removed: far longer than any upload takes. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** How often a running server sweeps (besides once at start). */
export const ORPHAN_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Keys looked up in one query. */
const BATCH = 500;

export interface OrphanSweep {
  /** Objects old enough to be checked. */
  checked: number;
  /** Of those, removed for having no row. */
  removed: number;
}

/** Removes stored objects older than `graceMs` that no `submission_files` or `pdf_exports` row names. */
export async function removeOrphanFiles(
  ctx: Ctx,
  options: { graceMs?: number; now?: Date } = {},
): Promise<OrphanSweep> {
  const { storage } = ctx.services;
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  const result: OrphanSweep = { checked: 0, removed: 0 };
  let batch: string[] = [];

  const flush = async () => {
    const keys = batch;
    batch = [];
    if (keys.length === 0) return;
    const [rows, exports] = await Promise.all([
      ctx.db
        .select({ key: submissionFiles.storage_key })
        .from(submissionFiles)
        .where(inArray(submissionFiles.storage_key, keys)),
      // A class export's file (domain/pdfs/exports.ts) is named by its export row until that expires.
      ctx.db
        .select({ key: pdfExports.storage_key })
        .from(pdfExports)
        .where(inArray(pdfExports.storage_key, keys)),
    ]);
    const referenced = new Set<string | null>([...rows, ...exports].map((r) => r.key));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      try {
        await storage.delete(key);
        result.removed++;
        ctx.log.warn({ key }, 'Datei ohne Eintrag aus dem Speicher entfernt');
      } catch (err) {
        ctx.log.error({ err, key }, 'Datei ohne Eintrag nicht gelöscht');
      }
    }
  };

  for await (const object of storage.list()) {
    if (object.modifiedAt.getTime() >= cutoff) continue;
    result.checked++;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return result;
}
