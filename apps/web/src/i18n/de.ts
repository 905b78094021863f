import { errorMessages, PASSWORD_MESSAGES } from '@app/contract';
import { deShell } from './de.shell';
import { deRubrics } from './de.rubrics';
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

  /** Sign-in, registration and the other account pages (PRODUCT.md §2 center layout). */
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
    /** The rules of PRODUCT.md §5 and the mismatch of the repetition, as the API words them too. */
    passwordMessages: PASSWORD_MESSAGES,
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
      resend: 'E-Mail erneut senden',
      resendIn: (seconds: number) => `Wieder möglich in ${String(seconds)} s`,
      resent: 'Wir haben dir die E-Mail noch einmal geschickt.',
      userExists:
        'Für diese E-Mail-Adresse gibt es bereits ein Konto. Melde dich an oder setze dein Passwort zurück.',
      failed: 'Die Registrierung ist fehlgeschlagen. Bitte versuche es erneut.',
      signupDisabledHeading: 'Konten legt die Schule an',
      signupDisabled:
        'An dieser Schule kannst du dich nicht selbst registrieren. Dein Konto legt die Schule an – du bekommst dann eine Einladung per E-Mail. Wende dich an die Schulverwaltung, wenn du noch keine hast.',
      hasAccount: 'Du hast schon ein Konto?',
      loginLink: 'Anmelden',
    },
    emailConfirmed: {
      title: 'E-Mail-Adresse bestätigen',
      working: 'Einen Moment, wir bestätigen deine E-Mail-Adresse …',
      text: 'Danke! Deine E-Mail-Adresse ist bestätigt.',
      continue: 'Weiter',
      loginButton: 'Zur Anmeldung',
      failed:
        'Der Bestätigungslink konnte nicht verwendet werden. Vielleicht ist er abgelaufen oder wurde schon benutzt. Ist deine Adresse schon bestätigt, melde dich an; sonst lass dir eine neue Bestätigungsmail schicken.',
      notConfirmed:
        'Wir konnten die Bestätigung in diesem Browser nicht abschließen. Hast du den Link in einem anderen Browser oder auf einem anderen Gerät geöffnet als dem, mit dem du dich registriert hast, melde dich einfach an – ist deine Adresse bestätigt, klappt die Anmeldung. Sonst lass dir eine neue Bestätigungsmail schicken.',
      noLink:
        'Hier kam kein Bestätigungslink an. Öffne den Link aus der Bestätigungsmail, die wir dir geschickt haben. Ist deine Adresse schon bestätigt, melde dich an; sonst lass dir eine neue Bestätigungsmail schicken.',
      noLinkSignedIn: 'Hier kam kein Bestätigungslink an. Du bist angemeldet und kannst direkt weitermachen.',
      resendIntro: 'Neue Bestätigungsmail anfordern:',
      resend: 'Bestätigungsmail senden',
      resent:
        'Falls für diese Adresse noch eine Bestätigung aussteht, haben wir dir eine neue Bestätigungsmail geschickt. Bitte sieh in dein Postfach.',
      resendFailed: 'Die Bestätigungsmail konnte nicht angefordert werden. Bitte versuche es erneut.',
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

  /** /classes, /classes/{classId} */
  classes: {
    intro: 'Deine Klassen mit ihren Schülern und ihren Aufgaben.',
    createHeading: 'Neue Klasse',
    name: 'Name der Klasse',
    namePlaceholder: 'z. B. 7b',
    grade: 'Jahrgangsstufe',
    gradePlaceholder: 'z. B. 7 oder Q1',
    subject: 'Fach',
    subjectPlaceholder: 'Fach auswählen',
    description: 'Beschreibung',
    create: 'Klasse anlegen',
    needSubject: 'Lege zuerst ein Fach an – jede Klasse gehört zu einem Fach.',
    toSubjects: 'Zu den Fächern',
    listHeading: 'Deine Klassen',
    empty: 'Du hast noch keine Klassen.',
    gradeBadge: (grade: string) => `Jahrgang ${grade}`,
    unknownSubject: 'Fach unbekannt',
    open: 'Öffnen',
    openLabel: (name: string) => `Klasse ${name} öffnen`,
    deleteLabel: (name: string) => `Klasse ${name} löschen`,
    deleteTitle: 'Klasse löschen?',
    deleteText: (name: string) =>
      `Die Klasse „${name}“ wird mit allen ihren Aufgaben und Abgaben gelöscht. Die Schülerkonten bleiben bestehen.`,
    deleteConfirm: 'Klasse löschen',
    backToClasses: 'Alle Klassen',
    detailsHeading: 'Angaben zur Klasse',
    saveDetails: 'Änderungen speichern',
    updated: 'Die Änderungen an der Klasse wurden gespeichert',
    dangerHeading: 'Klasse löschen',
    dangerText: 'Löscht die Klasse mit allen Aufgaben und Abgaben. Die Schülerkonten bleiben bestehen.',
    students: {
      heading: 'Schüler',
      count: (count: number) => (count === 1 ? '1 Schüler' : `${count} Schüler`),
      empty: 'In dieser Klasse sind noch keine Schüler. Füge unten welche hinzu.',
      name: 'Name',
      unnamed: 'Ohne Namen',
      actions: 'Aktionen',
      remove: 'Entfernen',
      removeLabel: (name: string) => `${name} aus der Klasse entfernen`,
      removeTitle: 'Aus der Klasse entfernen?',
      removeText: (name: string) => `${name} wird aus der Klasse entfernt. Das Schülerkonto bleibt bestehen.`,
      removeConfirm: 'Entfernen',
    },
    token: {
      heading: 'Klassen-Code',
      intro:
        'Mit diesem Code nimmst du Schüler, die schon ein Konto haben (z. B. aus einer anderen deiner Klassen), in diese Klasse auf.',
      show: 'Code groß anzeigen',
      join: 'Vorhandenes Schülerkonto aufnehmen',
      rotate: 'Neuen Code erzeugen',
      rotateTitle: 'Neuen Klassen-Code erzeugen?',
      rotateText: 'Der bisherige Code und sein QR-Code funktionieren danach nicht mehr.',
      rotateConfirm: 'Neuen Code erzeugen',
      rotated: 'Ein neuer Klassen-Code wurde erzeugt',
      rotateFailed: 'Fehler beim Erneuern des Klassen-Codes',
    },
    tasks: {
      heading: 'Aufgaben',
      empty: 'In dieser Klasse gibt es noch keine Aufgaben.',
      newTask: 'Neue Aufgabe',
      quickTitle: 'Titel einer neuen Aufgabe',
      quickPlaceholder: 'z. B. Hausaufgabe Bruchrechnung',
      quickAdd: 'Als Entwurf anlegen',
      pending: 'wird gespeichert …',
      due: (date: string) => `fällig ${date}`,
      noDue: 'ohne Abgabetermin',
      deleteLabel: (title: string) => `Aufgabe ${title} löschen`,
    },
  },

  /** Adding students to a class: a pasted list of names, one account, the logins shown once. */
  students: {
    addHeading: 'Schüler hinzufügen',
    bulkTab: 'Namensliste einfügen',
    singleTab: 'Einzeln anlegen',
    bulk: {
      label: 'Namen, einer pro Zeile',
      description: (max: number) =>
        `„Vorname Nachname“ oder „Nachname, Vorname“, höchstens ${max} auf einmal. Für jeden Namen entsteht ein Konto mit eigenem Passwort.`,
      placeholder: 'Anna Schmidt\nMehmet Yılmaz\nMüller, Lea',
      recognized: (count: number) => (count === 1 ? '1 Name erkannt' : `${count} Namen erkannt`),
      firstName: 'Vorname',
      lastName: 'Nachname',
      duplicates: (names: string[]) => `Doppelt, wird nur einmal angelegt: ${names.join(', ')}`,
      invalid: (names: string[]) =>
        `Übersprungen (zu kurz oder zu lang für einen Namen): ${names.join(', ')}`,
      noNames: 'Bitte mindestens einen Namen angeben',
      tooMany: (max: number) => `Höchstens ${max} Namen auf einmal`,
      submit: (count: number) => (count === 1 ? '1 Konto anlegen' : `${count} Konten anlegen`),
      submitEmpty: 'Konten anlegen',
      created: (count: number) =>
        count === 1 ? '1 Schülerkonto wurde angelegt' : `${count} Schülerkonten wurden angelegt`,
      failed: 'Fehler beim Anlegen der Schülerkonten',
    },
    single: {
      firstName: 'Vorname',
      lastName: 'Nachname',
      email: 'E-Mail-Adresse (Anmeldename)',
      emailPlaceholder: 'vorname.nachname@schule.de',
      emailInvalid: 'Bitte eine gültige E-Mail-Adresse angeben',
      password: 'Passwort',
      showPassword: 'Passwort anzeigen oder verbergen',
      generate: 'Passwort erzeugen',
      class: 'Klasse',
      classPlaceholder: 'Klasse auswählen',
      classRequired: 'Bitte eine Klasse auswählen',
      submit: 'Schüler anlegen',
      created: 'Das Schülerkonto wurde angelegt',
      failed: 'Fehler beim Anlegen des Schülerkontos',
      noClasses: 'Lege zuerst eine Klasse an – jedes Schülerkonto gehört zu einer Klasse.',
      toClasses: 'Zu den Klassen',
      backToClass: 'Zurück zur Klasse',
    },
    credentials: {
      heading: 'Zugangsdaten',
      warningTitle: 'Nur jetzt sichtbar',
      warning:
        'Die Passwörter werden nur dieses eine Mal angezeigt. Drucke die Liste aus oder schreibe sie ab, bevor du sie schließt – später lassen sie sich nicht mehr ansehen, nur neu vergeben.',
      printHeading: (className: string) => `Zugangsdaten – Klasse ${className}`,
      name: 'Name',
      email: 'Anmeldename (E-Mail)',
      password: 'Passwort',
      print: 'Drucken',
      close: 'Liste schließen',
      closeTitle: 'Zugangsdaten schließen?',
      closeText:
        'Danach lassen sich diese Passwörter nicht mehr anzeigen. Hast du sie gedruckt oder notiert?',
      closeConfirm: 'Ja, schließen',
    },
  },

  /** /joinClass (ADR 006): the teacher puts an existing student account into a class by its join code. */
  joinClass: {
    intro:
      'Nimm einen Schüler, der schon ein Konto hat, mit dem Klassen-Code in eine weitere deiner Klassen auf.',
    token: 'Klassen-Code',
    tokenPlaceholder: 'z. B. ABCDE-FGHJK',
    tokenRequired: 'Bitte den Klassen-Code eingeben',
    fromClass: 'Schüler aus Klasse',
    fromClassPlaceholder: 'Klasse auswählen',
    student: 'Schüler',
    studentPlaceholder: 'Schüler auswählen',
    studentRequired: 'Bitte einen Schüler auswählen',
    noStudents: 'In dieser Klasse sind keine Schüler.',
    noClasses: 'Du hast noch keine Klassen mit Schülern.',
    submit: 'In die Klasse aufnehmen',
    failed: 'Fehler beim Aufnehmen in die Klasse',
    toClass: 'Zur Klasse',
    toClasses: 'Zu den Klassen',
  },

  /** /showClassToken */
  showClassToken: {
    missingClass: 'Keine Klasse angegeben. Öffne den Klassen-Code über die Seite der Klasse.',
    heading: (className: string) => `Klassen-Code der Klasse ${className}`,
    codeLabel: 'Klassen-Code',
    qrLabel: (className: string) => `QR-Code zum Aufnehmen in die Klasse ${className}`,
    linkLabel: 'Link',
    backToClass: 'Zurück zur Klasse',
    toClasses: 'Zu den Klassen',
  },

  /** Tasks: the task page, creating and editing a task. */
  tasks: {
    status: {
      draft: 'Entwurf',
      published: 'Veröffentlicht',
      closed: 'Geschlossen',
    },
    statusLabel: 'Status',
    publish: 'Veröffentlichen',
    close: 'Schließen',
    reopen: 'Wieder öffnen',
    statusHelp: {
      draft: 'Nur du siehst diese Aufgabe. Veröffentliche sie, damit Schüler abgeben können.',
      published: 'Schüler können ihre Lösungen abgeben.',
      closed: 'Die Abgabe ist geschlossen. Du kannst die Aufgabe wieder öffnen.',
    },
    title: 'Titel',
    titlePlaceholder: 'z. B. Satz des Pythagoras',
    class: 'Klasse',
    classPlaceholder: 'Klasse auswählen',
    classRequired: 'Bitte eine Klasse auswählen',
    dueDate: 'Abgabetermin',
    dueDateDescription: 'Ohne Termin ist die Abgabe offen, solange die Aufgabe veröffentlicht ist.',
    dueDateInvalid: 'Bitte als TT.MM.JJJJ, HH:MM eingeben, z. B. 24.12.2026, 08:00.',
    noDueDate: 'Kein Abgabetermin',
    allowLate: 'Abgaben nach dem Termin annehmen',
    feedbackTemplate: 'Vorlage für Rückmeldungen',
    feedbackTemplateDescription: 'Text, mit dem jede Rückmeldung zu dieser Aufgabe beginnt.',
    noFeedbackTemplate: 'Keine Vorlage',
    content: 'Aufgabentext',
    contentEmpty: 'Diese Aufgabe hat noch keinen Text.',
    contentTooLarge: 'Der Inhalt der Aufgabe ist zu groß. Bitte entferne Bilder oder kürze den Text.',
    create: 'Aufgabe anlegen',
    createIntro: 'Die Aufgabe wird als Entwurf angelegt. Veröffentliche sie danach auf ihrer Seite.',
    noClasses: 'Lege zuerst eine Klasse an – jede Aufgabe gehört zu einer Klasse.',
    toClasses: 'Zu den Klassen',
    backToClass: (className: string) => `Zurück zur Klasse ${className}`,
    edit: 'Bearbeiten',
    save: 'Änderungen speichern',
    cancelEdit: 'Abbrechen',
    delete: 'Aufgabe löschen',
    deleteTitle: 'Aufgabe löschen?',
    deleteText: (title: string) => `Die Aufgabe „${title}“ wird mit allen Abgaben gelöscht.`,
    deleteConfirm: 'Aufgabe löschen',
    deleted: 'Die Aufgabe wurde gelöscht',
    details: 'Angaben',
    submissionsHeading: 'Abgaben',
  },

  /** The task content editor (tiptap) and its formula and image dialogs. */
  editor: {
    loading: 'Editor wird geladen …',
    loadingContent: 'Aufgabentext wird geladen …',
    hint: 'Formeln als LaTeX: $$a^2+b^2=c^2$$ im Text, $$$\\int_0^1 x\\,dx$$$ in einer eigenen Zeile – oder über die Schaltflächen ∑. Enter auf einer markierten Formel bearbeitet sie.',
    toolbar: {
      label: 'Formatierung',
      bold: 'Fett',
      italic: 'Kursiv',
      underline: 'Unterstrichen',
      // Each name holds the button's visible glyph, so that a spoken command finds the button.
      heading: 'Überschrift Ü1',
      subheading: 'Zwischenüberschrift Ü2',
      bulletList: 'Liste mit Aufzählungspunkten',
      orderedList: 'Nummerierte Liste 1. 2. 3.',
      inlineMath: 'Formel im Text einfügen',
      blockMath: 'Formel in eigener Zeile einfügen',
      image: 'Bild einfügen',
      table: 'Tabelle einfügen',
      addRow: 'Zeile darunter einfügen',
      addColumn: 'Spalte rechts einfügen',
      deleteRow: 'Zeile löschen',
      deleteColumn: 'Spalte löschen',
      deleteTable: 'Tabelle löschen',
      undo: 'Rückgängig',
      redo: 'Wiederholen',
      glyphs: {
        bold: 'F',
        italic: 'K',
        underline: 'U',
        heading: 'Ü1',
        subheading: 'Ü2',
        bulletList: '• Liste',
        orderedList: '1. 2. 3.',
        inlineMath: '∑ Formel',
        blockMath: '∑ Zeile',
        image: 'Bild',
        table: 'Tabelle',
        addRow: '+ Zeile',
        addColumn: '+ Spalte',
        deleteRow: '− Zeile',
        deleteColumn: '− Spalte',
        deleteTable: '× Tabelle',
        undo: '↶',
        redo: '↷',
      },
    },
    math: {
      insertTitle: 'Formel einfügen',
      editTitle: 'Formel bearbeiten',
      latex: 'Formel (LaTeX)',
      inlineDescription: 'Erscheint im laufenden Text. Strg+Enter fügt sie ein.',
      blockDescription: 'Erscheint abgesetzt in einer eigenen Zeile. Strg+Enter fügt sie ein.',
      placeholder: '\\frac{a}{b} + x^2',
      preview: 'Vorschau',
      emptyPreview: 'Die Vorschau erscheint, sobald du eine Formel eingibst.',
      insert: 'Einfügen',
      apply: 'Übernehmen',
      remove: 'Formel entfernen',
      cancel: 'Abbrechen',
    },
    image: {
      title: 'Bild einfügen',
      file: 'Bilddatei',
      filePlaceholder: 'Datei auswählen',
      fileDescription: 'PNG, JPEG, GIF oder WebP. Große Bilder werden verkleinert.',
      alt: 'Bildbeschreibung',
      altDescription: 'Für Screenreader: Was ist auf dem Bild zu sehen?',
      insert: 'Einfügen',
      cancel: 'Abbrechen',
      unsupported: 'Dieses Dateiformat wird nicht unterstützt. Bitte PNG, JPEG, GIF oder WebP wählen.',
      tooLarge: 'Das Bild ist auch verkleinert noch zu groß. Bitte wähle ein kleineres Bild.',
      unreadable: 'Das Bild konnte nicht gelesen werden.',
    },
    playground: {
      intro:
        'Spielwiese für den Aufgaben-Editor: Was du schreibst, erscheint unten als JSON und so, wie die Aufgabenseite es zeigt.',
      json: 'Gespeichertes JSON',
      preview: 'Ansicht auf der Aufgabenseite',
      empty: 'Noch leer.',
    },
  },

  /** PRODUCT.md §8 "Password update". */
  passwordUpdate: {
    weak: 'Das Passwort ist zu schwach.',
    pwned: 'Dieses Passwort wurde in Datenlecks gefunden.',
    chooseStronger: 'Bitte wähle ein sichereres Passwort.',
    invalidCredentials: 'Ungültige Anmeldedaten',
    rateLimited: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
    failed: 'Fehler beim Aktualisieren des Passworts',
  },

  /** PRODUCT.md §8 error and success toasts, by feature. */
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
    grading: {
      saveFailed: 'Fehler beim Speichern des Feedbacks',
      deleteFailed: 'Fehler beim Löschen des Feedbacks',
      resetFailed: 'Fehler beim Zurücksetzen des Feedbacks',
      updated: 'Feedback erfolgreich aktualisiert',
      deleted: 'Feedback erfolgreich gelöscht',
      reset: 'Feedback erfolgreich zurückgesetzt',
    },
    corrections: {
      generateFailed: 'Fehler beim Generieren des Feedbacks',
    },
    /** PRODUCT.md §8 "Generic". */
    generic: {
      fetchFailed: (table: string) => `Failed to fetch ${table}`,
      taskNotFound: 'Task not found',
      invalidResponse: deShell.api.invalidResponse,
    },
  },

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
