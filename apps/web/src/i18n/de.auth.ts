import { PASSWORD_MESSAGES } from '@app/contract';

/**
 * Strings of sign-in, registration and the other account pages (PRODUCT.md §2 center layout), the user menu
 * and the demo button. Merged into `de` as `de.auth`.
 */
export const deAuth = {
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
} as const;
