/**
 * Strings of the registration dialog (PRODUCT.md §2) and of the profile settings on `/account`. Merged into
 * `de` as `de.registration`. The toasts of PRODUCT.md §8 stay in `de.toasts.registration`.
 */

export const deRegistration = {
  dialogLabel: 'Registrierung abschließen',
  loading: 'Loading...',
  stepOf: (step: number, total: number, title: string) =>
    `Schritt ${String(step)} von ${String(total)}: ${title}`,
  stepDone: 'erledigt',
  stepOpen: 'offen',
  stepOptional: 'optional',
  progressLabel: 'Fortschritt der Registrierung',

  steps: {
    welcome: 'Willkommen',
    security: 'Sicherheit',
    school: 'Schule',
    subjects: 'Fächer',
  },

  welcome: {
    heading: 'Willkommen bei Klassenzimmer!',
    intro: 'Schön, dass du da bist. Wie sollen wir dich nennen?',
  },
  security: {
    heading: 'Sicherheit',
    intro: 'Lege ein Passwort fest, mit dem du dich künftig anmeldest.',
    alreadySet: 'Passwort bereits gesetzt',
    alreadySetHint: 'Du meldest dich mit deinem bisherigen Passwort an.',
  },
  school: {
    heading: 'Deine Schule',
    intro: 'Optional: An welcher Schule unterrichtest du?',
    freeTextHint: 'Gib Schule und Ort selbst ein.',
    chooseStateFirst: 'Wähle zuerst ein Bundesland, dann schlagen wir dir Schulen vor.',
    searching: 'Schulen werden gesucht …',
    noResults: 'Keine Schulen gefunden',
    source: 'Schuldaten:',
  },
  subjects: {
    heading: 'Deine Fächer',
    intro: 'Optional: Welche Fächer unterrichtest du? Wir legen sie für dich an.',
    groupLabel: 'Fächer',
    none: 'Keine Fächer ausgewählt',
    selected: (names: string[]) => `Ausgewählt: ${names.join(', ')}`,
  },

  fields: {
    firstName: 'Vorname',
    firstNamePlaceholder: 'Erika',
    lastName: 'Nachname',
    lastNamePlaceholder: 'Mustermann',
    federalState: 'Bundesland',
    federalStatePlaceholder: 'Bundesland wählen',
    school: 'Schule',
    schoolPlaceholder: 'Name der Schule',
    schoolSearchPlaceholder: 'Name oder Ort der Schule suchen',
    city: 'Ort',
    cityPlaceholder: 'z. B. Musterstadt',
  },

  buttons: {
    back: 'Zurück',
    skip: 'Überspringen',
    next: 'Weiter',
    finish: 'Fertig',
  },

  settings: {
    heading: 'Profil',
    intro: 'Dein Name, deine Schule und deine Fächer.',
    nameHeading: 'Name',
    schoolHeading: 'Schule',
    subjectsHeading: 'Fächer',
    subjectsHint:
      'Neu ausgewählte Fächer werden beim Speichern angelegt. Vorhandene Fächer verwaltest du auf der Seite „Fächer“.',
    schoolIncomplete: 'Die Schule wird nur gespeichert, wenn Bundesland, Schule und Ort ausgefüllt sind.',
    save: 'Profil speichern',
    saved: 'Profil gespeichert',
    loadFailed: 'Das Profil konnte nicht geladen werden.',
  },
} as const;
