import { z } from 'zod';
import { ZUserId } from './ids';

// Reading the teacher's scanned stack (PRODUCT.md §4 "Scans zuordnen"): every page of a teacher upload is
// rendered, its QR code decoded, and a page whose code names a submission of the task is assigned to it.
// A page without a usable code gets a best guess from what the class list knows; a sure guess is confirmed
// with one key press, an unsure one ("unklar") needs the teacher's explicit choice.

/**
 * `qr`: the page's code named a submission of this task; the page was assigned to it.
 * `foreign_code`: a code was read, but it belongs to no submission of this task (another task's worksheet);
 * such a page is never guessed onto a student.
 * `no_code`: no readable code on the page.
 * `blank`: no code and next to no ink: an empty back of a sheet, never guessed onto a student.
 */
export const SCAN_OUTCOMES = ['qr', 'foreign_code', 'no_code', 'blank'] as const;
export const ZScanOutcome = z.enum(SCAN_OUTCOMES);
export type ScanOutcome = z.infer<typeof ZScanOutcome>;

/**
 * Why a page is guessed for a student; each one true when the page was read:
 * `name`: the name on the sheet (printed, read on this server, or handwritten, read by the AI service) fits;
 * `neighbours`: the pages before and after it in the stack belong to the student;
 * `neighbour_before` / `neighbour_after`: only the page before / after it does;
 * `only_missing`: the student is the only one of the class whose pages are not all there;
 * `missing`: the student's pages are not all there (others' neither).
 */
export const SCAN_REASONS = [
  'name',
  'neighbours',
  'neighbour_before',
  'neighbour_after',
  'only_missing',
  'missing',
] as const;
export const ZScanReason = z.enum(SCAN_REASONS);
export type ScanReason = z.infer<typeof ZScanReason>;

/** A guess below this confidence is "unklar": the queue preselects nobody and Enter does not assign it. */
export const SCAN_SURE_CONFIDENCE = 0.7;
/** Students offered for an unsure page, the likeliest first. */
export const SCAN_MAX_CANDIDATES = 5;

/** What reading one page of the teacher's stack found; stored with the file. */
export const ZScanReading = z.object({
  outcome: ZScanOutcome,
  /** The student the page most likely belongs to, when it was not assigned by its code; else null. */
  guess_student_id: ZUserId.nullable(),
  /** How sure the guess is, 0…1 (the best-guess queue is ordered by it); null without a guess. */
  confidence: z.number().min(0).max(1).nullable(),
  /** Why the page is guessed for `guess_student_id`; empty without a guess (and for pages read before). */
  reasons: z.array(ZScanReason).default([]),
  /** The students the page may belong to, the likeliest first (the guess among them). */
  candidates: z.array(ZUserId).max(SCAN_MAX_CANDIDATES).default([]),
  /** Position of the page in its upload (0-based), which the neighbour guess relies on. */
  stack_index: z.number().int().min(0),
});
export type ScanReading = z.infer<typeof ZScanReading>;
