import {
  SCAN_SURE_CONFIDENCE,
  type ScanReason,
  type SubmissionFile,
  type SubmissionListEntry,
} from '@app/contract';

/** The page number of a split stack ("scan.pdf – Seite 3" → 3), null for any other file. */
export function stackPageNumber(name: string): number | null {
  const match = / – Seite (\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** The teacher's scans (no uploader label: not from the public link), in the order they were uploaded. */
export function stackPages(files: readonly SubmissionFile[]): SubmissionFile[] {
  return files
    .filter((f) => f.uploader_label === null)
    .sort((a, b) => a.uploaded_at.localeCompare(b.uploaded_at));
}

/** An unassigned page of the stack with the submission its scan reading guesses. */
export interface Guess {
  file: SubmissionFile;
  /** 1-based position in the stack as the page list shows it. */
  position: number;
  entry: SubmissionListEntry;
  confidence: number;
  /** Why, each a true statement about `entry`'s student; empty when the reading does not say. */
  reasons: ScanReason[];
  /** Whom the page may belong to, the likeliest first (`entry` among them). */
  candidates: SubmissionListEntry[];
  /** Sure enough for Enter; otherwise "unklar": the teacher picks. */
  sure: boolean;
}

/**
 * The best-guess queue: every page without a code that nobody has yet and whose reading names a student of
 * the list, the sure ones first, each part the surest first (ties in stack order). Blank pages and pages of
 * another task have no guess and stay out.
 */
export function guessQueue(
  pages: readonly SubmissionFile[],
  entries: readonly SubmissionListEntry[],
): Guess[] {
  const byStudent = new Map(entries.flatMap((e) => (e.student_id ? [[e.student_id, e] as const] : [])));
  return pages
    .flatMap((file, index): Guess[] => {
      const scan = file.scan;
      if (file.submission_id !== null || scan?.outcome !== 'no_code' || !scan.guess_student_id) return [];
      const entry = byStudent.get(scan.guess_student_id);
      if (!entry) return [];
      const confidence = scan.confidence ?? 0;
      const candidates = scan.candidates.flatMap((id) => byStudent.get(id) ?? []);
      return [
        {
          file,
          position: index + 1,
          entry,
          confidence,
          reasons: scan.reasons,
          candidates: candidates.includes(entry) ? candidates : [entry, ...candidates],
          sure: confidence >= SCAN_SURE_CONFIDENCE,
        },
      ];
    })
    .sort(
      (a, b) => Number(b.sure) - Number(a.sure) || b.confidence - a.confidence || a.position - b.position,
    );
}

/** How the pages of the stack were read: assigned by their code, another task's code, no code, blank. */
export function readingCounts(pages: readonly SubmissionFile[]) {
  const count = (outcome: string) => pages.filter((p) => p.scan?.outcome === outcome).length;
  return {
    qr: count('qr'),
    foreign: count('foreign_code'),
    noCode: count('no_code'),
    blank: count('blank'),
  };
}

/** Pages of a stack uploaded this long ago and still unread count as being read (older ones were lost). */
const READING_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The background reading of the recent stack pages: how many are read (or assigned by hand) of how many.
 * Null when nothing waits to be read.
 */
export function readingProgress(
  pages: readonly SubmissionFile[],
  now = Date.now(),
): { done: number; total: number } | null {
  const recent = pages.filter((p) => now - Date.parse(p.uploaded_at) < READING_WINDOW_MS);
  const unread = recent.filter((p) => p.scan === null && p.submission_id === null).length;
  return unread === 0 ? null : { done: recent.length - unread, total: recent.length };
}
