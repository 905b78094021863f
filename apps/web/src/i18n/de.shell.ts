/**
 * The strings every page may need before its own chunk arrives — the app's name, the error and 404 pages,
 * the API client's messages, the guards' redirects — and the public submit page's title. A module of its
 * own so that the entry bundle (and the public submit page on a phone) does not carry the whole catalog.
 * Spread into `de` (`de.ts`) under the same keys: `de.app.name`, `de.notFound.heading`, … work as before.
 */
export const deShell = {
  app: {
    name: 'Klassenzimmer',
    homeLink: 'Zur Startseite',
  },

  titles: {
    notFound: 'Seite nicht gefunden',
    submit: 'Lösung abgeben',
  },

  notFound: {
    code: '404',
    heading: 'Seite nicht gefunden',
    text: 'Die Seite, die du aufrufen wolltest, gibt es nicht oder nicht mehr.',
  },

  /** Shown at once while a page's data or code is on its way (a slow connection must not show a white page). */
  pending: {
    text: 'Wird geladen …',
  },

  /** Shown when rendering or loading a page throws. */
  routeError: {
    heading: 'Etwas ist schiefgelaufen',
    text: 'Beim Anzeigen dieser Seite ist ein unerwarteter Fehler aufgetreten.',
    retry: 'Erneut versuchen',
    /** A part of the app could not be loaded, usually because a new version was installed meanwhile. */
    updated:
      'Ein Teil der App konnte nicht geladen werden – vermutlich gibt es gerade eine neue Version. Bitte lade die Seite neu.',
    reload: 'Seite neu laden',
  },

  /** Names of the close buttons of toasts and dialogs (every page may show them; the icon alone says nothing). */
  close: {
    toast: 'Meldung schließen',
    dialog: 'Dialog schließen',
  },

  api: {
    network: 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung und versuche es erneut.',
    invalidResponse: 'Invalid API response format',
    /** While requests wait to be sent again: the server (its database) is unavailable for a moment. */
    retrying: 'Der Server ist gerade nicht erreichbar – wird gleich erneut versucht …',
  },

  /** PRODUCT.md §4 guards and §8 "Navigation and session". */
  navigation: {
    otpExpired: 'Email link wurde bereits verwendet oder ist abgelaufen.',
    otpExpiredHeader: 'Hoppla!',
    missingRole: 'Leider hast du noch nicht die passende Rolle',
    /** A sign-in link whose code could not be exchanged (opened in another browser, or already used). */
    callbackFailed:
      'Der Link konnte nicht verwendet werden. Öffne ihn bitte im selben Browser, in dem du ihn angefordert hast, oder fordere einen neuen an.',
  },
} as const;
