/**
 * What the demo teacher's account holds after every seed and reset (`DEMO=1`). The API seeds exactly this and
 * the web's `/demo` page describes it from these numbers, so the page cannot promise what is not there.
 */
export const DEMO_CONTENT = {
  subject: 'Mathematik',
  className: '7b',
  students: 24,
  /** One draft, one open for hand-ins (submit link and QR code work), one closed with corrected hand-ins. */
  tasks: 3,
  /** Hand-ins of the closed task: photos of handwritten solutions with AI suggestions. */
  submissions: 20,
  /** Of those, the teacher changed the AI's suggestion on this many. */
  teacherCorrected: 5,
  /**
   * Of those, on this many the AI's runs disagree on a skill ("unsicher", ADR 024); every suggestion's evidence
   * is marked on the photo.
   */
  unsure: 1,
  /** Of those, this many are handed back with a feedback link. */
  handedBack: 2,
} as const;

/** The shared demo logins (`DEMO=1`). Every visitor uses them, so nobody may change their password or delete them. */
export const DEMO_EMAILS = {
  teacher: 'lehrkraft@demo.klassenzimmer.example',
  organizationMember: 'verwaltung@demo.klassenzimmer.example',
} as const;

/** True for one of the shared demo logins (compared case-insensitively, as e-mail addresses are stored). */
export function isDemoEmail(email: string | null | undefined): boolean {
  const normalized = email?.trim().toLowerCase();
  return normalized === DEMO_EMAILS.teacher || normalized === DEMO_EMAILS.organizationMember;
}
