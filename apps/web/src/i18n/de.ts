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
    /** A sign-in link whose code could not be exchanged (opened in another browser, or already used). */
    callbackFailed:
      'Der Link konnte nicht verwendet werden. Öffne ihn bitte im selben Browser, in dem du ihn angefordert hast, oder fordere einen neuen an.',
  },

  /** Sign-in, registration and the other account pages (spec §2 center layout). */
  auth: {
    email: 'E-Mail-Adresse',
    emailPlaceholder: 'name@schule.de',
    password: 'Passwort',
    passwordConfirmation: 'Passwort wiederholen',
    newPassword: 'Neues Passwort',
    showPassword: 'Passwort anzeigen oder verbergen',
    invalidEmail: 'Bitte gib eine gültige E-Mail-Adresse ein',
    passwordRequired: 'Bitte gib dein Passwort ein',
    rateLimited: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
    passwordRules: 'Dein Passwort braucht',
    ruleMet: 'erfüllt',
    ruleOpen: 'noch offen',
    login: {
      submit: 'Anmelden',
      invalidCredentials: 'Ungültige Anmeldedaten',
      emailNotConfirmed:
        'Deine E-Mail-Adresse ist noch nicht bestätigt. Bitte klicke auf den Link in der Bestätigungsmail, die wir dir geschickt haben.',
      resend: 'Bestätigungsmail erneut senden',
      resent: 'Wir haben dir die Bestätigungsmail noch einmal geschickt. Bitte sieh in dein Postfach.',
      failed: 'Die Anmeldung ist fehlgeschlagen. Bitte versuche es erneut.',
      noAccount: 'Noch kein Konto?',
      registerLink: 'Jetzt registrieren',
      forgotPassword: 'Passwort vergessen?',
    },
    register: {
      intro: 'Erstelle dein Konto für Klassenzimmer.',
      submit: 'Konto erstellen',
      checkMailHeading: 'Bitte bestätige deine E-Mail-Adresse',
      checkMailText: (email: string) =>
        `Wir haben dir eine E-Mail an ${email} geschickt. Klicke auf den Link darin, um dein Konto zu bestätigen.`,
      checkMailHint: 'Keine E-Mail bekommen? Sieh auch im Spam-Ordner nach.',
      userExists:
        'Für diese E-Mail-Adresse gibt es bereits ein Konto. Melde dich an oder setze dein Passwort zurück.',
      failed: 'Die Registrierung ist fehlgeschlagen. Bitte versuche es erneut.',
      hasAccount: 'Du hast schon ein Konto?',
      loginLink: 'Anmelden',
    },
    emailConfirmed: {
      working: 'Einen Moment, wir bestätigen deine E-Mail-Adresse …',
      text: 'Danke! Deine E-Mail-Adresse ist bestätigt.',
      continue: 'Weiter',
      signInHint: 'Melde dich jetzt mit deiner E-Mail-Adresse und deinem Passwort an.',
      loginButton: 'Zur Anmeldung',
      failed:
        'Der Bestätigungslink konnte nicht verwendet werden. Vielleicht ist er abgelaufen – melde dich an, um dir einen neuen schicken zu lassen.',
    },
    resetPassword: {
      intro:
        'Gib deine E-Mail-Adresse ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegen kannst.',
      submit: 'Link anfordern',
      sent: 'Falls es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link zum Zurücksetzen geschickt. Bitte sieh in dein Postfach.',
      backToLogin: 'Zurück zur Anmeldung',
    },
    updatePassword: {
      intro: 'Lege ein neues Passwort für dein Konto fest.',
      submit: 'Passwort speichern',
      saved: 'Dein Passwort wurde gespeichert.',
      noSession: 'Der Link ist abgelaufen oder wurde bereits verwendet. Fordere bitte einen neuen an.',
      requestNew: 'Neuen Link anfordern',
    },
    waitlist: {
      heading: 'Fast geschafft!',
      text: 'Dein Konto ist angelegt, aber noch nicht freigeschaltet. Eine Administratorin oder ein Administrator muss es erst freischalten – danach kannst du sofort loslegen.',
      signedInAs: (email: string) => `Angemeldet als ${email}`,
      recheck: 'Erneut prüfen',
      stillWaiting: 'Dein Konto ist noch nicht freigeschaltet. Bitte versuche es später noch einmal.',
      checkFailed: 'Der Stand deines Kontos konnte nicht geprüft werden. Bitte melde dich erneut an.',
      signOut: 'Abmelden',
      signedOut: 'Du bist nicht angemeldet. Melde dich an, um den Stand deines Kontos zu sehen.',
      login: 'Anmelden',
    },
    logout: {
      working: 'Du wirst abgemeldet …',
    },
    demo: {
      intro:
        'Probiere Klassenzimmer mit einem Demo-Konto aus: Klassen, Aufgaben und Abgaben sind schon angelegt.',
      start: 'Demo starten',
      disabled: 'Die Demo ist auf diesem Server ausgeschaltet.',
      failed: 'Die Demo konnte nicht gestartet werden. Bitte versuche es erneut.',
    },
    userMenu: {
      label: 'Benutzermenü',
      signedInAs: 'Angemeldet als',
      account: 'Konto',
      admin: 'Verwaltung',
      signOut: 'Abmelden',
    },
  },

  /** Display names of the `user_role` values. */
  roles: {
    teacher: 'Lehrkraft',
    organization_member: 'Organisationsmitglied',
  },

  /** The admin pages (/admin, /admin/users, /admin/rights). */
  admin: {
    overview: {
      intro: 'Hier verwaltest du die Konten, ihre Rollen und was jede Rolle darf.',
      users: 'Nutzer und Rollen',
      usersText: 'Konten freischalten, Rollen vergeben und entziehen, Passwort-Links senden, Konten löschen.',
      rights: 'Rechte',
      rightsText: 'Welche Rollen es gibt und was sie dürfen.',
      userCount: (count: number) => (count === 1 ? '1 Konto' : `${count} Konten`),
      waitingCount: (count: number) =>
        count === 1 ? '1 wartet auf Freischaltung' : `${count} warten auf Freischaltung`,
    },
    users: {
      intro: 'Alle Konten im System. Ohne Rolle landet ein Konto auf der Warteliste.',
      email: 'E-Mail',
      status: 'Status',
      confirmed: 'bestätigt',
      unconfirmed: 'unbestätigt',
      createdAt: 'Registriert',
      lastSignIn: 'Letzte Anmeldung',
      never: '–',
      roles: 'Rollen',
      actions: 'Aktionen',
      you: 'du',
      empty: 'Es gibt noch keine Konten.',
      roleToggle: (role: string, email: string) => `${role} für ${email}`,
      roleAdded: (role: string) => `Rolle „${role}“ vergeben`,
      roleRemoved: (role: string) => `Rolle „${role}“ entzogen`,
      roleFailed: 'Fehler beim Ändern der Rolle',
      resetPassword: 'Passwort-Link senden',
      resetSent: (email: string) => `E-Mail zum Zurücksetzen des Passworts an ${email} verschickt`,
      resetFailed: 'Fehler beim Senden der E-Mail',
      delete: 'Löschen',
      deleteLabel: (email: string) => `${email} löschen`,
      deleteTitle: 'Konto löschen?',
      deleteText: (email: string) =>
        `Das Konto ${email} und alles, was dazu gehört (Klassen, Aufgaben, Abgaben, Dateien), werden endgültig gelöscht.`,
      deleteConfirm: 'Endgültig löschen',
      cancel: 'Abbrechen',
      deleted: (email: string) => `Konto ${email} gelöscht`,
      deleteFailed: 'Fehler beim Löschen des Kontos',
      loadFailed: 'Fehler beim Laden der Nutzer',
    },
    rights: {
      roles: 'Rollen',
      permissions: 'Berechtigungen',
      role: 'Rolle',
      description: 'Beschreibung',
      none: 'Keine Einträge.',
    },
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
