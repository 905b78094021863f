import { errorMessages } from '@app/contract';
import { deShell } from './de.shell';
import { deAuth } from './de.auth';
import { deAdmin } from './de.admin';
import { deClasses, deJoinClass, deShowClassToken, deStudents } from './de.classes';
import { deSharing } from './de.sharing';
import { deEditor, deTasks } from './de.tasks';
import { deToasts } from './de.toasts';
import { deRubrics } from './de.rubrics';
import { deLibrary } from './de.library';
import { deTikz } from './de.tikz';
import { deGrading } from './de.grading';
import { deGradeAudit } from './de.gradeAudit';
import { deSkillProfile } from './de.skillProfile';
import { deSubmissions } from './de.submissions';
import { deNotifications } from './de.notifications';
import { deCorrections } from './de.corrections';
import { deRegistration } from './de.registration';
import { deAccount } from './de.account';
import { deDemo } from './de.demo';
import { dePdfs } from './de.pdfs';
import { deDataRights } from './de.dataRights';
import { deScans } from './de.scans';
import { dePwa } from './de.pwa';
import { deDev } from './de.dev';

/**
 * Every user-facing string of the web app (ARCHITECTURE.md §9). Components take their text only from here.
 * Texts quoted from PRODUCT.md keep its wording, including the few English ones.
 */
export const de = {
  app: {
    ...deShell.app,
    pitch:
      'Aufgaben stellen, Abgaben per Link oder QR-Code einsammeln und mit Rubrik und KI-Vorschlägen fair bewerten – alles an einem Ort.',
    login: 'Anmelden',
    register: 'Registrieren',
    demo: 'Demo ansehen',
  },

  nav: {
    main: 'Hauptnavigation',
    /** The side navigation of the content layout; a name of its own beside the header's main navigation. */
    content: 'Klassen und Fächer',
    toggle: 'Navigation ein- oder ausblenden',
    /** The first stop of the keyboard on every page with a header: past the navigation to the page's content. */
    skipToContent: 'Zum Inhalt springen',
    classes: 'Klassen',
    subjects: 'Fächer',
    notifications: 'Benachrichtigungen',
    account: 'Konto',
    admin: 'Verwaltung',
    adminOverview: 'Übersicht',
    adminRights: 'Rechte',
    adminUsers: 'Nutzer',
  },

  /** Document titles and page headings (PRODUCT.md §2 where it names a title). */
  titles: {
    ...deShell.titles,
    home: 'Klassenzimmer',
    login: 'Anmelden',
    register: 'Registrieren',
    resetPassword: 'Passwort zurücksetzen',
    updatePassword: 'Neues Passwort festlegen',
    waitlist: 'Warteliste',
    emailConfirmed: 'E-Mail-Adresse bestätigt',
    error: 'Fehler',
    logout: 'Logout',
    demo: 'Demo',
    account: 'Preferences',
    notifications: 'Die letzten Benachrichtigungen',
    admin: 'Verwaltung',
    adminRights: 'See all Users in the System',
    adminUsers: 'See all Users in the System',
    classes: 'Klassen',
    class: 'Klasse',
    task: 'Neue Aufgabe erstellen',
    taskQr: 'QR-Code zur Aufgabe',
    submissionsAdd: 'Abgaben hinzufügen',
    submissionsMatch: 'Abgaben zuordnen',
    submissionsVerify: 'Abgaben prüfen',
    newTask: 'Neue Aufgabe erstellen',
    taskSubmissions: 'Abgaben',
    taskSubmission: 'Abgabe',
    createStudent: 'Schüler erstellen',
    createTask: 'Aufgabe erstellen',
    joinClass: 'Klasse beitreten',
    showClassToken: 'Klassen-Code anzeigen',
    subjects: 'Fächer',
    oldTask: 'AIA Tasks - Task',
    oldTaskEdit: 'AIA Tasks - Task',
    tiptapTest: 'Editor-Test',
    devCompetenceGeneration: 'Entwicklung: Kompetenzen generieren',
    devOcrTest: 'Entwicklung: Texterkennung',
    devSkillEditor: 'Entwicklung: Kompetenz-Editor',
    devStats: 'Entwicklung: Statistiken',
    devSubmissionFlow: 'Entwicklung: Abgabe-Ablauf',
    devSubmissionMatching: 'Entwicklung: Abgaben zuordnen',
    devStudentMatching: 'Entwicklung: Schüler zuordnen',
  },

  /** The /error page (PRODUCT.md §2: query parameters `message` and `header`). */
  errorPage: {
    defaultHeader: 'Hoppla!',
    defaultMessage: 'Da ist leider etwas schiefgelaufen. Bitte versuche es noch einmal.',
  },

  notFound: deShell.notFound,
  routeError: deShell.routeError,
  api: deShell.api,
  close: deShell.close,

  navigation: deShell.navigation,

  /** Sign-in, registration and the other account pages (PRODUCT.md §2 center layout; `de.auth.ts`). */
  auth: deAuth,

  /** Display names of the `user_role` values. */
  roles: {
    teacher: 'Lehrkraft',
    organization_member: 'Organisationsmitglied',
  },

  /** The admin pages (/admin, /admin/users, /admin/rights; `de.admin.ts`). */
  admin: deAdmin,

  /** Words many pages share. */
  common: {
    save: 'Speichern',
    cancel: 'Abbrechen',
    delete: 'Löschen',
    edit: 'Bearbeiten',
    create: 'Anlegen',
    back: 'Zurück',
    optional: 'optional',
    none: '–',
    loading: 'Wird geladen …',
    saving: 'Wird gespeichert …',
  },

  /** Shown when the data of a page could not be loaded (PRODUCT.md §8 texts where it has one). */
  loadError: {
    retry: 'Erneut versuchen',
  },

  /** /subjects */
  subjects: {
    intro: 'Deine Fächer. Jede Klasse gehört zu einem Fach.',
    createHeading: 'Neues Fach',
    name: 'Name des Fachs',
    namePlaceholder: 'z. B. Mathematik',
    description: 'Beschreibung',
    create: 'Fach anlegen',
    listHeading: 'Deine Fächer',
    empty: 'Du hast noch keine Fächer. Lege oben dein erstes Fach an.',
    rename: 'Umbenennen',
    renameLabel: (name: string) => `Fach ${name} umbenennen`,
    newName: (name: string) => `Neuer Name für ${name}`,
    deleteLabel: (name: string) => `Fach ${name} löschen`,
    deleteTitle: 'Fach löschen?',
    deleteText: (name: string) => `Das Fach „${name}“ wird gelöscht.`,
    deleteConfirm: 'Fach löschen',
    classCount: (count: number) =>
      count === 0 ? 'keine Klasse' : count === 1 ? '1 Klasse' : `${count} Klassen`,
  },

  /** /classes, /classes/{classId} (this and the next three: `de.classes.ts`). */
  classes: deClasses,

  /** Adding students to a class: a pasted list of names, one account, the logins shown once. */
  students: deStudents,

  /** /joinClass (ADR 006): the teacher puts an existing student account into a class by its join code. */
  joinClass: deJoinClass,

  /** /showClassToken */
  showClassToken: deShowClassToken,

  /** Co-teaching: a class's teachers, the invitations, shared classes and their roles (`de.sharing.ts`). */
  /** The rubric library: templates saved from a task's rubric, searched and copied (`de.library.ts`). */
  library: deLibrary,

  sharing: deSharing,

  /** Tasks: the task page, creating and editing a task (`de.tasks.ts`). */
  tasks: deTasks,

  /** The task content editor (tiptap) and its formula and image dialogs (`de.tasks.ts`). */
  editor: deEditor,

  /** PRODUCT.md §8 "Password update". */
  passwordUpdate: {
    weak: 'Das Passwort ist zu schwach.',
    pwned: 'Dieses Passwort wurde in Datenlecks gefunden.',
    chooseStronger: 'Bitte wähle ein sichereres Passwort.',
    invalidCredentials: 'Ungültige Anmeldedaten',
    rateLimited: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
    failed: 'Fehler beim Aktualisieren des Passworts',
  },

  /** PRODUCT.md §8 error and success toasts, by feature (`de.toasts.ts`). */
  toasts: deToasts,

  /** Submit page, QR page, submissions table, matching, adding, verifying (`de.submissions.ts`). */
  submissions: deSubmissions,
  grading: deGrading,
  skillProfile: deSkillProfile,
  /** The grading page's change history and "Alle Vorschläge übernehmen" (`de.gradeAudit.ts`). */
  gradeAudit: deGradeAudit,

  /** Rubric editor and competence generation step (`de.rubrics.ts`). */
  rubrics: deRubrics,
  /** TikZ pictures in task content (`de.tikz.ts`). */
  tikz: deTikz,
  /** What the `/demo` page says the demo account holds (`de.demo.ts`). */
  demo: deDemo,
  /** The task page's print button (`de.pdfs.ts`). */
  pdfs: dePdfs,
  /** Exporting a student's or class's data, deleting a student (`de.dataRights.ts`, ADR 022). */
  dataRights: deDataRights,
  /** Reading a scanned stack on `/submissions/add` (`de.scans.ts`). */
  scans: deScans,
  pwa: dePwa,
  dev: deDev,

  /** Notifications, the coin balance and AI availability (`de.notifications.ts`). */
  notifications: deNotifications,
  corrections: deCorrections,
  /** Registration dialog and profile settings (`de.registration.ts`). */
  registration: deRegistration,
  account: deAccount,

  /** German messages of the API's error codes (one catalogue, owned by the contract). */
  errors: errorMessages,
} as const;
