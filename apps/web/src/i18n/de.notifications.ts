/** Strings of notifications, the coin balance and AI availability. Merged into `de` as `de.notifications`. */

const coins = (count: number) => (count === 1 ? '1 Coin' : `${String(count)} Coins`);

export const deNotifications = {
  coins,
  intro: 'Hier erscheinen Meldungen zu deinen Aufgaben, z. B. wenn die KI-Korrektur einer Klasse fertig ist.',
  empty: 'Noch keine Benachrichtigungen.',
  unread: 'Ungelesen',
  open: 'Öffnen',
  markRead: 'Als gelesen markieren',
  markAllRead: 'Alle als gelesen markieren',
  markReadFailed: 'Die Benachrichtigung konnte nicht als gelesen markiert werden.',
  listLabel: 'Benachrichtigungen, neueste zuerst',
  /** Bell in the header: its accessible name says what the badge shows. */
  bell: (unread: number) =>
    unread === 0 ? 'Benachrichtigungen, keine ungelesen' : `Benachrichtigungen, ${String(unread)} ungelesen`,
  balanceLabel: 'KI-Guthaben: ',
  balance: (count: number) => `KI-Guthaben: ${coins(count)}`,
  balanceHint:
    'Coins kostet nur das KI-Feedback zu einer Abgabe (je Abgabe); Rubrik-Vorschläge sind kostenlos. Schlägt eine Korrektur fehl, bekommst du ihre Coins zurück. Neue Coins vergibt deine Organisation.',
  grant: {
    open: 'Coins',
    openLabel: (email: string) => `Coins für ${email} vergeben`,
    current: (count: number) => `Aktuelles Guthaben: ${coins(count)}`,
    amount: 'Anzahl Coins',
    submit: 'Vergeben',
    done: (count: number, email: string) => `${coins(count)} an ${email} vergeben.`,
    failed: 'Die Coins konnten nicht vergeben werden.',
    amountInvalid: 'Bitte gib eine ganze Zahl zwischen 1 und 100 000 ein.',
  },
  ai: {
    notConfiguredTitle: 'KI nicht eingerichtet',
    notConfiguredShort: 'Kein KI-Dienst eingerichtet',
  },
} as const;
