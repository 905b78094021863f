/**
 * Strings of `/account` ('Preferences'): profile, colour mode, password, data export, deleting the account.
 * Merged into `de` as `de.account`.
 */
export const deAccount = {
  intro: 'Dein Profil, die Darstellung und dein Konto.',
  avatarAlt: (name: string) => `Avatar von ${name}`,
  signedInAs: (email: string) => `Angemeldet als ${email}`,

  colorScheme: {
    heading: 'Darstellung',
    label: 'Farbmodus',
    hint: 'Gilt auf allen Geräten, auf denen du angemeldet bist.',
    light: 'Hell',
    dark: 'Dunkel',
    auto: 'System',
    saveFailed: 'Der Farbmodus konnte nicht gespeichert werden.',
  },

  password: {
    heading: 'Passwort ändern',
    intro: 'Lege ein neues Passwort fest. Auf anderen Geräten wirst du dabei abgemeldet.',
  },

  export: {
    heading: 'Meine Daten exportieren',
    text: 'Lade alle Daten deines Kontos als ZIP-Datei herunter: Profil, Fächer, Klassen mit ihren Schülern, Aufgaben, Bewertungsraster, Abgaben mit den hochgeladenen Dateien, Bewertungen, Benachrichtigungen und Coins. Eine Datei README.txt im Archiv erklärt den Inhalt.',
    button: 'Daten herunterladen',
    working: 'Der Export wird erstellt …',
    done: 'Der Export wurde heruntergeladen.',
    failed: 'Der Export ist fehlgeschlagen. Bitte versuche es später erneut.',
  },

  delete: {
    heading: 'Konto löschen',
    text: 'Dein Konto und alles, was du angelegt hast – Fächer, Klassen, Schülerkonten, Aufgaben, Abgaben mit ihren Dateien und Bewertungen –, werden endgültig gelöscht. Das lässt sich nicht rückgängig machen. Lade vorher deine Daten herunter, wenn du sie behalten möchtest.',
    button: 'Konto löschen …',
    dialogTitle: 'Konto endgültig löschen?',
    dialogText: (email: string) =>
      `Gib zur Bestätigung deine E-Mail-Adresse ${email} ein. Danach wirst du sofort abgemeldet.`,
    emailLabel: 'E-Mail-Adresse',
    mismatch: 'Die E-Mail-Adresse stimmt nicht mit deinem Konto überein.',
    confirm: 'Konto endgültig löschen',
    deleted: 'Dein Konto und alle zugehörigen Daten wurden gelöscht. Du wurdest abgemeldet.',
    failed: 'Das Konto konnte nicht gelöscht werden. Bitte versuche es erneut.',
  },
};
