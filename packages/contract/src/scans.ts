import { z } from 'zod';
import { ZUserId } from './ids';

// Reading the teacher's scanned stack (PRODUCT.md §4 "Scans zuordnen"): every page of a teacher upload is
// rendered, its QR code decoded, and a page whose code names a submission of the task is assigned to it.
// A page without a usable code gets a best guess the teacher confirms with one key press.

/**
 * `qr`: the page's code named a submission of this task; the page was assigned to it.
 * `foreign_code`: a code was read, but it belongs to no submission of this task (another task's worksheet).
 * `no_code`: no readable code on the page.
 */
export const SCAN_OUTCOMES = ['qr', 'foreign_code', 'no_code'] as const;
export const ZScanOutcome = z.enum(SCAN_OUTCOMES);
export type ScanOutcome = z.infer<typeof ZScanOutcome>;

/**
 * `neighbour`: the pages next to it in the stack belong to this student; `name`: the printed name field, read
 * through the AI service, matches this student.
 */
export const SCAN_GUESS_SOURCES = ['neighbour', 'name'] as const;
export const ZScanGuessSource = z.enum(SCAN_GUESS_SOURCES);
export type ScanGuessSource = z.infer<typeof ZScanGuessSource>;

/** What reading one page of the teacher's stack found; stored with the file. */
export const ZScanReading = z.object({
  outcome: ZScanOutcome,
  /** The student the page most likely belongs to, when it was not assigned by its code; else null. */
  guess_student_id: ZUserId.nullable(),
  /** How sure the guess is, 0…1 (the best-guess queue is ordered by it); null without a guess. */
  confidence: z.number().min(0).max(1).nullable(),
  guess_source: ZScanGuessSource.nullable(),
  /** Position of the page in its upload (0-based), which the neighbour guess relies on. */
  stack_index: z.number().int().min(0),
});
export type ScanReading = z.infer<typeof ZScanReading>;
