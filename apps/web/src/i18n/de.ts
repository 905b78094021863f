import { errorMessages } from '@app/contract';

/**
 * Every user-facing string of the web app (DESIGN.md §9). Components take their text only from here.
 * Texts quoted from the product spec keep the spec's wording, including the few English ones.
 */
export const de = {
  app: {
    name: 'Klassenzimmer',
    pitch:
      'Aufgaben stellen, Abgaben per Link oder QR-Code einsammeln und mit Rubrik und KI-Vorschlägen fair bewerten – alles an einem Ort.',
    login: 'Anmelden',
    register: 'Registrieren',
    demo: 'Demo ansehen',
    homeLink: 'Zur Startseite',
  },

  nav: {
    main: 'Hauptnavigation',
    toggle: 'Navigation ein- oder ausblenden',
    classes: 'Klassen',
    subjects: 'Fächer',
    notifications: 'Benachrichtigungen',
    account: 'Konto',
    admin: 'Verwaltung',
    adminOverview: 'Übersicht',
    adminRights: 'Rechte',
    adminUsers: 'Nutzer',
  },

  /** Document titles and page headings (spec §2 where it names a title). */
  titles: {
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
    submit: 'Lösung abgeben',
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
    notFound: 'Seite nicht gefunden',
  },

  underConstruction: 'Dieser Bereich wird gerade gebaut. Schau bald wieder vorbei!',

  /** The /error page (spec §2: query parameters `message` and `header`). */
  errorPage: {
    defaultHeader: 'Hoppla!',
    defaultMessage: 'Da ist leider etwas schiefgelaufen. Bitte versuche es noch einmal.',
  },

  notFound: {
    code: '404',
    heading: 'Seite nicht gefunden',
    text: 'Die Seite, die du aufrufen wolltest, gibt es nicht oder nicht mehr.',
  },

  /** Shown when rendering or loading a page throws. */
  routeError: {
    heading: 'Etwas ist schiefgelaufen',
    text: 'Beim Anzeigen dieser Seite ist ein unerwarteter Fehler aufgetreten.',
    retry: 'Erneut versuchen',
  },

  api: {
    network: 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung und versuche es erneut.',
  },

  toast: {
    close: 'Schließen',
  },

  /** Spec §4 guards and §8 "Navigation and session". */
  navigation: {
    otpExpired: 'Email link wurde bereits verwendet oder ist abgelaufen.',
    otpExpiredHeader: 'Hoppla!',
    missingRole: 'Leider hast du noch nicht die passende Rolle',
  },

  /** Spec §8 "Password update". */
  passwordUpdate: {
    weak: 'Das Passwort ist zu schwach.',
    pwned: 'Dieses Passwort wurde in Datenlecks gefunden.',
    chooseStronger: 'Bitte wähle ein sichereres Passwort.',
    invalidCredentials: 'Ungültige Anmeldedaten',
    rateLimited: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
    failed: 'Fehler beim Aktualisieren des Passworts',
  },

  /** Spec §8 error and success toasts, by feature. */
  toasts: {
    tasks: {
      loadFailed: 'Ein Fehler ist bei dem Fetchen der Tasks aufgetreten.',
      notFound: 'Aufgabe nicht gefunden',
      updateOnServerFailed: 'Fehler beim Aktualisieren der Aufgabe auf dem Server',
      updateFailed: 'Fehler beim Updaten der Aufgabe',
      deleteFailed: 'Fehler beim Löschen der Aufgabe',
      createOnServerFailed: 'Fehler beim Erstellen der Aufgabe auf dem Server',
      updated: 'Aufgabe erfolgreich aktualisiert',
      created: 'Aufgabe erfolgreich erstellt',
    },
    classes: {
      loadFailed: 'Fehler beim Laden der Klassen',
      idNotFound: 'Klassen ID nicht gefunden',
      notFound: 'Klasse nicht gefunden',
      updateFailed: 'Fehler beim Ändern der Klasse',
      createFailed: 'Fehler beim Einfügen der Klasse',
      deleteFailed: 'Fehler beim Loeschen der Klasse',
      created: 'Die Klasse wurde erfolgreich erstellt',
      deleted: 'Die Klasse wurde erfolgreich gelöscht',
    },
    subjects: {
      updateFailed: 'Fehler beim Aktualisieren des Fachs',
      createFailed: 'Fehler beim Erstellen des Fachs',
      deleteFailed: 'Fehler beim Löschen des Fachs',
      notFound: 'Fach nicht gefunden',
      updated: 'Fach wurde erfolgreich aktualisiert',
      created: 'Das Fach wurde erfolgreich erstellt',
      deleted: 'Fach wurde erfolgreich gelöscht',
    },
    students: {
      loadFailed: 'Fehler beim Laden der Schüler',
      removeFromClassFailed: 'Fehler beim Löschen des Schülers aus der Klasse',
      timestampUpdateFailed: 'Fehler beim Aktualisieren des Zeitstempels',
      removedFromClass: 'Schüler erfolgreich aus der Klasse gelöscht',
    },
    registration: {
      statesLoadFailed: 'Fehler beim Laden der Bundesländer',
      schoolsLoadFailed: 'Fehler beim Laden der Schulen',
      profileUpdateFailed: 'Fehler beim Aktualisieren des Profils',
      schoolSaveFailed: 'Fehler beim Speichern der Schulinformationen',
      profileSaveFailed: 'Fehler beim Speichern des Profils',
      completed: 'Registrierung erfolgreich abgeschlossen!',
    },
    submissions: {
      filesLoadFailed: 'Fehler beim Laden der Dateien',
      createFailed: 'Fehler beim Erstellen der Abgabe',
      updateFailed: 'Fehler beim Aktualisieren der Abgabe',
      deleteFailed: 'Fehler beim Löschen der Abgabe',
      matchFailed: 'Fehler beim Zuweisen der Datei',
      unmatchFailed: 'Fehler beim Löschen der Zuweisung',
      updated: 'Abgabe erfolgreich aktualisiert',
      deleted: 'Abgabe erfolgreich gelöscht',
    },
    feedback: {
      saveFailed: 'Fehler beim Speichern des Feedbacks',
      deleteFailed: 'Fehler beim Löschen des Feedbacks',
      resetFailed: 'Fehler beim Zurücksetzen des Feedbacks',
      generateFailed: 'Fehler beim Generieren des Feedbacks',
      updated: 'Feedback erfolgreich aktualisiert',
      deleted: 'Feedback erfolgreich gelöscht',
      reset: 'Feedback erfolgreich zurückgesetzt',
    },
    /** Spec §8 "Generic". */
    generic: {
      fetchFailed: (table: string) => `Failed to fetch ${table}`,
      taskNotFound: 'Task not found',
      invalidResponse: 'Invalid API response format',
    },
  },

  /** German messages of the API's error codes (one catalogue, owned by the contract). */
  errors: errorMessages,
} as const;
