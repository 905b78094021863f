/**
 * Every error the API returns has one of these codes. Status and the German message live here once:
 * the API answers with them, the web shows them (its catalog re-exports `errorMessages`).
 */
export const errorCatalog = {
  // generic
  VALIDATION_FAILED: {
    status: 400,
    message: 'Die Eingaben sind ungültig. Bitte prüfe sie und versuche es erneut.',
  },
  MALFORMED_BODY: { status: 400, message: 'Die Anfrage konnte nicht gelesen werden.' },
  // Text with NUL, escape or other control characters (text.ts).
  TEXT_CONTROL_CHARACTERS: {
    status: 400,
    message:
      'Der Text enthält unsichtbare Steuerzeichen, die nicht gespeichert werden können. Bitte entferne sie (zum Beispiel, indem du den Text neu eintippst) und versuche es erneut.',
  },
  // PRODUCT.md §6: the exact text of the original for calls without a signed-in user.
  UNAUTHENTICATED: { status: 401, message: 'User not logged in' },
  FORBIDDEN: { status: 403, message: 'Leider hast du noch nicht die passende Rolle' },
  NOT_FOUND: { status: 404, message: 'Die angefragte Seite oder Ressource wurde nicht gefunden.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Diese Methode ist hier nicht erlaubt.' },
  CONFLICT: { status: 409, message: 'Die Änderung steht im Konflikt mit vorhandenen Daten.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Die Datei oder Anfrage ist zu groß.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Dieses Dateiformat wird nicht unterstützt.' },
  RATE_LIMITED: {
    status: 429,
    message: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
  },
  INTERNAL: {
    status: 500,
    message: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuche es später erneut.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  },
  // The database cannot be reached (stopped, restarting, connection lost): sent with Retry-After, and the web
  // tries again by itself.
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'Der Server ist gerade nicht erreichbar. Bitte versuche es in einem Moment noch einmal.',
  },
  // domain (PRODUCT.md §5, §8)
  USER_NOT_FOUND: { status: 404, message: 'Benutzer nicht gefunden' },
  CANNOT_REMOVE_OWN_ADMIN: {
    status: 409,
    message: 'Du kannst dir die Rolle Organisationsmitglied nicht selbst entziehen.',
  },
  // Student accounts belong to their teacher's class, not to the organisation (PRODUCT.md §6).
  ROLE_NOT_FOR_STUDENT: {
    status: 409,
    message: 'Schülerkonten gehören zur Klasse ihrer Lehrkraft und bekommen keine Rolle.',
  },
  // Their teacher sets a new password (reset_student_pw); the organisation sends them no link.
  PASSWORD_LINK_NOT_FOR_STUDENT: {
    status: 409,
    message:
      'Schülerkonten gehören zur Klasse ihrer Lehrkraft und bekommen keinen Passwort-Link. Ein neues Passwort setzt die Lehrkraft.',
  },
  CANNOT_DELETE_SELF_AS_ADMIN: {
    status: 409,
    message: 'Dein eigenes Konto kannst du unter „Konto“ löschen, nicht in der Nutzerverwaltung.',
  },
  DEMO_DISABLED: { status: 404, message: 'Die Demo ist auf diesem Server ausgeschaltet.' },
  DEMO_ACCOUNT_LOCKED: {
    status: 403,
    message:
      'Das Demo-Konto teilen sich alle Besucher: Passwort ändern und Konto löschen sind hier abgeschaltet.',
  },
  USER_NOT_LOGGED_IN: { status: 401, message: 'Nutzer nicht eingeloggt oder nicht gefunden' },
  TASK_TITLE_REQUIRED: { status: 400, message: 'Aufgaben-Titel ist erforderlich' },
  TASK_ID_MISSING: { status: 400, message: 'Aufgaben-ID nicht gefunden' },
  TASK_NOT_FOUND: { status: 404, message: 'Aufgabe nicht gefunden' },
  // `?s=` of the submit page (a printed worksheet's code) that cannot be a print token.
  PRINT_TOKEN_INVALID: {
    status: 400,
    message:
      'Der Code auf dem Arbeitsblatt ist ungültig. Bitte scanne ihn noch einmal oder öffne den Abgabe-Link ohne Code.',
  },
  CLASS_FIELDS_MISSING: { status: 400, message: 'Fehlende Informationen für die Klasse' },
  CLASS_NOT_FOUND: { status: 404, message: 'Klasse nicht gefunden' },
  SUBJECT_NOT_FOUND: { status: 404, message: 'Fach nicht gefunden' },
  // The rubric library.
  RUBRIC_TEMPLATE_NOT_FOUND: { status: 404, message: 'Vorlage nicht gefunden' },
  RUBRIC_TEMPLATE_FIELDS_MISSING: {
    status: 400,
    message: 'Bitte gib der Vorlage einen Titel, ein Fach und die Jahrgangsstufe.',
  },
  RUBRIC_TEMPLATE_EMPTY: {
    status: 409,
    message: 'Diese Aufgabe hat noch kein Bewertungsraster, das als Vorlage gespeichert werden kann.',
  },
  RUBRIC_TEMPLATE_NO_SCHOOL: {
    status: 409,
    message: 'Um eine Vorlage mit deiner Schule zu teilen, trage zuerst deine Schule in deinem Konto ein.',
  },
  // Sharing a class with a colleague (co-teaching): the address must belong to a teacher on this server.
  COLLEAGUE_NOT_FOUND: {
    status: 404,
    message:
      'Unter dieser E-Mail-Adresse gibt es keine Lehrkraft auf diesem Server. Bitte prüfe die Adresse oder bitte die Person, sich zuerst zu registrieren.',
  },
  CLASS_ALREADY_SHARED: {
    status: 409,
    message: 'Diese Lehrkraft hat schon Zugriff auf die Klasse oder ist bereits eingeladen.',
  },
  CLASS_OWNER_NOT_REMOVABLE: {
    status: 409,
    message: 'Die Klasse gehört dieser Lehrkraft: Ihr Zugriff kann nicht entfernt oder geändert werden.',
  },
  CLASS_TEACHER_NOT_FOUND: { status: 404, message: 'Diese Lehrkraft hat keinen Zugriff auf die Klasse.' },
  CLASS_INVITATION_NOT_FOUND: {
    status: 404,
    message: 'Diese Einladung gibt es nicht mehr. Vielleicht wurde sie zurückgenommen.',
  },
  // The class's owner alone deletes it (a colleague who manages it does everything else).
  CLASS_DELETE_OWNER_ONLY: {
    status: 403,
    message: 'Nur die Lehrkraft, der die Klasse gehört, kann sie löschen.',
  },
  SUBJECT_IN_USE: {
    status: 409,
    message: 'Fach kann nicht gelöscht werden, da es noch in Klassen verwendet wird',
  },
  PROFILE_FOR_OTHER_USER: { status: 403, message: 'Unauthorized: Cannot create profile for another user' },
  SUBJECT_NAME_REQUIRED: { status: 400, message: 'Der Name des Fachs ist erforderlich' },
  TASK_STATUS_TRANSITION_INVALID: {
    status: 409,
    message: 'Der Status der Aufgabe kann nicht auf diesen Wert geändert werden.',
  },
  TASK_DATA_TOO_LARGE: { status: 413, message: 'Der Inhalt der Aufgabe ist zu groß.' },
  STUDENT_NOT_FOUND: { status: 404, message: 'Schüler nicht gefunden' },
  JOIN_TOKEN_INVALID: {
    status: 404,
    message: 'Der Klassen-Code ist ungültig oder nicht mehr aktuell. Bitte den aktuellen Code verwenden.',
  },
  EMAIL_EXISTS: { status: 409, message: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse.' },
  // PRODUCT.md §8 (password update: weak_password), without the pwned hint that only fits sign-up.
  WEAK_PASSWORD: {
    status: 400,
    message: 'Das Passwort ist zu schwach. Bitte wähle ein sichereres Passwort.',
  },
  DECRYPT_FAILED: { status: 400, message: 'Der Text konnte nicht entschlüsselt werden.' },
  LATEX_TOO_LONG: { status: 413, message: 'Der LaTeX-Code ist zu lang (höchstens 10 000 Zeichen).' },
  // TikZ pictures (ARCHITECTURE.md §4): the TeX error's first line goes in `details.texError`.
  TIKZ_CODE_REQUIRED: { status: 400, message: 'Bitte gib den TikZ-Code der Grafik ein.' },
  TIKZ_TOO_LONG: { status: 413, message: 'Der TikZ-Code ist zu lang (höchstens 20 000 Zeichen).' },
  TIKZ_TEX_ERROR: {
    status: 422,
    message: 'Die TikZ-Grafik enthält einen Fehler und konnte nicht gesetzt werden.',
  },
  TIKZ_TIMEOUT: {
    status: 422,
    message:
      'Die TikZ-Grafik braucht zu lange und wurde abgebrochen. Vielleicht ruft sich ein Makro endlos selbst auf?',
  },
  TIKZ_BUSY: {
    status: 503,
    message: 'Gerade werden zu viele Grafiken gesetzt. Bitte versuche es gleich noch einmal.',
  },
  SCORE_ABOVE_MAX: { status: 400, message: "Score cannot be higher than skill's maximum score" },
  // rubrics
  SKILL_GROUP_NOT_FOUND: { status: 404, message: 'Kompetenzbereich nicht gefunden' },
  SKILL_NOT_FOUND: { status: 404, message: 'Kompetenz nicht gefunden' },
  SKILL_DETAIL_NOT_FOUND: { status: 404, message: 'Stufe nicht gefunden' },
  CRITERION_NOT_FOUND: { status: 404, message: 'Kriterium nicht gefunden' },
  CLUSTER_NOT_FOUND: { status: 404, message: 'Kriterien-Cluster nicht gefunden' },
  NAME_REQUIRED: { status: 400, message: 'Bitte gib einen Namen ein.' },
  MAX_SCORE_BELOW_DETAILS: {
    status: 409,
    message:
      'Es gibt noch Stufen mit mehr Punkten als die neue Höchstpunktzahl. Lösche diese Stufen zuerst oder wähle eine höhere Punktzahl.',
  },
  RUBRIC_ORDER_MISMATCH: {
    status: 409,
    message: 'Die Reihenfolge passt nicht mehr zum gespeicherten Stand. Bitte lade die Seite neu.',
  },
  // submissions and uploads (ARCHITECTURE.md §8)
  SUBMISSION_NOT_FOUND: { status: 404, message: 'Abgabe nicht gefunden' },
  PDF_TEMPLATE_NOT_FOUND: { status: 404, message: 'Diese PDF-Vorlage gibt es nicht.' },
  // The class export of feedback sheets (PRODUCT.md §4 "PDF-Vorlagen"); exports are removed after a day.
  PDF_EXPORT_NOT_FOUND: {
    status: 404,
    message:
      'Diesen Export gibt es nicht (mehr). Exporte werden nach einem Tag gelöscht – bitte starte ihn neu.',
  },
  PDF_EXPORT_NOTHING_GRADED: {
    status: 409,
    message:
      'Zu dieser Aufgabe ist noch keine Abgabe bewertet. Es gibt noch keine Feedbackbögen zum Exportieren.',
  },
  PDF_EXPORT_NOT_READY: {
    status: 409,
    message: 'Der Export ist noch nicht fertig. Bitte warte, bis der Fortschritt 100 % erreicht.',
  },
  FILE_NOT_FOUND: { status: 404, message: 'Datei nicht gefunden' },
  // A Range header of a download that lies past the file's end (ADR 021).
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'Der angeforderte Bereich liegt außerhalb der Datei.' },
  // grading and the student's feedback link (ADR 010)
  FEEDBACK_NOT_READY: {
    status: 409,
    message: 'Diese Abgabe ist noch nicht korrigiert und kann noch nicht ausgeteilt werden.',
  },
  // A skill is still "NICHT BEWERTET" (e.g. the AI's runs disagreed): handing back needs a confirmation.
  FEEDBACK_UNSCORED_SKILLS: {
    status: 409,
    message:
      'Nicht alle Kompetenzen sind bewertet. Bewerte sie oder bestätige, dass die Abgabe trotzdem ausgeteilt wird.',
  },
  FEEDBACK_LINK_NOT_FOUND: {
    status: 404,
    message:
      'Diese Rückmeldung gibt es nicht oder sie ist noch nicht freigegeben. Frag bitte deine Lehrkraft.',
  },
  FEEDBACK_NO_AI_TEXTS: {
    status: 409,
    message:
      'Zu dieser Kompetenz gibt es keine Begründung der KI, die beibehalten werden könnte. Schreib bei Bedarf eine eigene.',
  },
  // "Alle Vorschläge übernehmen" before the teacher opened the submission after the AI's suggestions (ADR 026).
  GRADING_NOT_VIEWED: {
    status: 409,
    message:
      'Bitte sieh dir die Abgabe mit ihren Dateien zuerst an (Seite neu laden), bevor du alle Vorschläge übernimmst.',
  },
  FILE_TASK_MISMATCH: {
    status: 409,
    message: 'Die Datei gehört zu einer anderen Aufgabe als diese Abgabe.',
  },
  TASK_NOT_ACCEPTING: { status: 409, message: 'Diese Aufgabe nimmt gerade keine Abgaben an.' },
  UPLOAD_NO_FILES: { status: 400, message: 'Bitte wähle mindestens eine Datei aus.' },
  UPLOAD_NAME_REQUIRED: {
    status: 400,
    message: 'Bitte wähle deinen Namen aus der Liste aus oder gib ihn ein (mindestens 2 Zeichen).',
  },
  UPLOAD_TYPE_NOT_ALLOWED: {
    status: 415,
    message:
      'Dieses Dateiformat wird nicht unterstützt. Erlaubt sind Fotos (JPEG, PNG, WebP, HEIC) und PDF-Dateien.',
  },
  UPLOAD_FILE_TOO_LARGE: { status: 413, message: 'Eine Datei ist zu groß (höchstens 20 MB pro Datei).' },
  UPLOAD_TOO_MANY_FILES: { status: 413, message: 'Zu viele Dateien (höchstens 20 pro Abgabe).' },
  UPLOAD_IMAGE_TOO_LARGE: {
    status: 413,
    message: 'Das Foto hat zu viele Pixel (höchstens 40 Megapixel). Bitte lade ein kleineres Foto hoch.',
  },
  UPLOAD_IMAGE_UNREADABLE: {
    status: 415,
    message:
      'Das Foto konnte nicht gelesen werden. Bitte nimm es noch einmal auf oder speichere es als JPEG.',
  },
  UPLOAD_PDF_ENCRYPTED: {
    status: 415,
    message: 'Die PDF-Datei ist passwortgeschützt. Bitte lade sie ohne Passwort hoch.',
  },
  UPLOAD_PDF_BROKEN: {
    status: 415,
    message: 'Die PDF-Datei ist beschädigt oder unvollständig und konnte nicht gelesen werden.',
  },
  UPLOAD_PDF_TOO_MANY_PAGES: {
    status: 413,
    message:
      'Die PDF-Datei hat zu viele Seiten (höchstens 200). Bitte teile den Stapel auf mehrere Dateien auf.',
  },
  UPLOAD_RATE_LIMITED: {
    status: 429,
    message: 'Zu viele Uploads in kurzer Zeit. Bitte warte ein paar Minuten und versuche es dann erneut.',
  },
  // The school directory (PRODUCT.md §7): down, and no cached answer for the state.
  SCHOOL_DIRECTORY_UNAVAILABLE: { status: 503, message: 'Fehler beim Laden der Schulen' },
  // AI gateway and coins (ARCHITECTURE.md §5, §7)
  AI_NOT_CONFIGURED: {
    status: 503,
    message:
      'Auf diesem Server ist kein KI-Dienst eingerichtet. Du kannst Rubriken und Bewertungen weiterhin von Hand bearbeiten.',
  },
  AI_FAILED: {
    status: 502,
    message:
      'Der KI-Dienst hat nicht geantwortet oder einen Fehler gemeldet. Bitte versuche es später erneut.',
  },
  AI_INVALID_RESPONSE: {
    status: 502,
    message: 'Die Antwort des KI-Dienstes war unbrauchbar und wurde verworfen. Bitte versuche es erneut.',
  },
  NOT_ENOUGH_COINS: {
    status: 402,
    message:
      'Du hast nicht genug Coins für diese KI-Anfrage. Bitte wende dich an deine Organisation, um neue Coins zu erhalten.',
  },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Benachrichtigung nicht gefunden' },
  NOTIFICATION_RECEIVER_FORBIDDEN: {
    status: 403,
    message: 'Du kannst Benachrichtigungen nur an dich selbst senden.',
  },
  // AI correction requests (ARCHITECTURE.md §7)
  CORRECTION_NOTHING_TO_DO: {
    status: 409,
    message:
      'Es gibt keine Abgabe, die auf eine KI-Korrektur wartet: nur Abgaben mit Dateien, die noch nicht korrigiert werden oder wurden, werden korrigiert.',
  },
  CORRECTION_RUNNING: { status: 409, message: 'Diese Abgabe wird gerade schon von der KI korrigiert.' },
  CORRECTION_NO_FILES: {
    status: 409,
    message: 'Die Abgabe enthält keine Dateien. Ordne ihr zuerst Dateien zu.',
  },
  CORRECTION_RUBRIC_MISSING: {
    status: 409,
    message:
      'Für diese Aufgabe gibt es noch keine Rubrik. Lege zuerst Kompetenzen an, damit die KI bewerten kann.',
  },
  CORRECTION_RUBRIC_INCOMPLETE: {
    status: 409,
    message:
      'Das Bewertungsraster ist noch unvollständig: Jede Kompetenz braucht für jede Punktzahl von 0 bis zur Höchstpunktzahl eine Stufe. Ergänze die fehlenden Stufen, dann kann die KI korrigieren.',
  },
  CORRECTION_HANDED_BACK: {
    status: 409,
    message: 'Diese Abgabe wurde schon ausgeteilt. Ausgeteiltes Feedback wird nicht neu von der KI erstellt.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export const errorMessages = Object.fromEntries(
  Object.entries(errorCatalog).map(([code, { message }]) => [code, message]),
) as { [K in ErrorCode]: (typeof errorCatalog)[K]['message'] };

// ZErrorCode and ZApiError (the error body) are in public.ts: this file stays free of zod, so that every page
// can read the catalog without loading it.

/** The generic code for an HTTP status, for errors that carry nothing more specific (both sides use it). */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'MALFORMED_BODY';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 402:
      return 'NOT_ENOUGH_COINS';
    case 502:
    case 503:
    case 504:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'MALFORMED_BODY';
  }
}
