import { CLASS_ROLE_WORDS, type ClassAccess } from '@app/contract';

/**
 * Strings of co-teaching (a class shared with colleagues): the teachers of a class on its page, the
 * invitations and the shared classes' badges on `/classes`, and what the page says to a colleague who may not
 * change something. Merged into `de` as `de.sharing`. The error messages come from the contract.
 */

/** The viewer's or a colleague's relation to a class, as a short phrase (a badge, a select's option). */
const roles: Record<ClassAccess, string> = {
  // One neutral phrase for the owner (ADR 014: no "-in" forms); the contract's messages say "die Lehrkraft,
  // der die Klasse gehört".
  owner: 'hat die Klasse angelegt',
  ...CLASS_ROLE_WORDS,
};

export const deSharing = {
  roles,
  /** What each role a colleague can get may do (the invite form's and the role select's descriptions). */
  roleHelp: {
    view: 'sieht die Klasse, ihre Aufgaben und Bewertungen, ändert aber nichts',
    grade: 'bewertet auch Abgaben, startet KI-Korrekturen, lädt Scans hoch und teilt aus',
    manage:
      'ändert auch die Klasse, ihre Schüler, Aufgaben und Bewertungsraster und lädt weitere Lehrkräfte ein',
  },
  /** On a class of someone else in the class list: "Geteilt · kann bewerten". */
  sharedBadge: (role: ClassAccess) => `Geteilt · ${roles[role]}`,

  /** The section on the class page. */
  teachers: {
    heading: 'Lehrkräfte',
    intro:
      'Wer außer dir diese Klasse sieht. Teile sie mit anderen Lehrkräften, die ein Konto in Klassenzimmer haben.',
    introShared: 'Wer diese Klasse sieht und was die Lehrkräfte darin tun dürfen.',
    loadFailed: 'Die Lehrkräfte der Klasse konnten nicht geladen werden.',
    you: 'du',
    unnamed: 'Ohne Namen',
    pending: 'eingeladen',
    pendingHint: 'Hat die Einladung noch nicht angenommen.',
    roleLabel: (name: string) => `Rolle von ${name}`,
    remove: 'Entfernen',
    removeLabel: (name: string) => `${name} aus der Klasse entfernen`,
    withdraw: 'Zurücknehmen',
    withdrawLabel: (name: string) => `Einladung an ${name} zurücknehmen`,
    removeTitle: 'Zugriff entfernen?',
    removeText: (name: string, className: string) =>
      `${name} sieht die Klasse „${className}“ danach nicht mehr. Bewertungen, die ${name} gemacht hat, bleiben erhalten.`,
    removeConfirm: 'Zugriff entfernen',
    withdrawTitle: 'Einladung zurücknehmen?',
    withdrawText: (name: string, className: string) =>
      `${name} kann die Einladung zur Klasse „${className}“ danach nicht mehr annehmen.`,
    withdrawConfirm: 'Einladung zurücknehmen',
  },

  /** The invite form (owner and colleagues who manage the class). */
  invite: {
    heading: 'Klasse teilen',
    email: 'E-Mail-Adresse',
    emailDescription: 'Die Adresse, mit der sich die Lehrkraft bei Klassenzimmer anmeldet.',
    emailPlaceholder: 'name@schule.de',
    role: 'Rolle',
    submit: 'Einladen',
  },

  /** A colleague leaves a class shared with them. */
  leave: {
    button: 'Klasse verlassen',
    title: 'Klasse verlassen?',
    text: (className: string) =>
      `Du siehst die Klasse „${className}“ danach nicht mehr. Deine Bewertungen bleiben erhalten; wer die Klasse verwaltet, kann dich wieder einladen.`,
    confirm: 'Klasse verlassen',
  },

  /** Invitations waiting at the top of `/classes`. */
  invitations: {
    heading: 'Einladungen',
    intro: 'Andere Lehrkräfte möchten eine Klasse mit dir teilen.',
    from: (name: string) => (name ? `Eingeladen von ${name}` : 'Eingeladen von einer Lehrkraft'),
    role: (role: ClassAccess) => `Rolle: ${roles[role]}`,
    accept: 'Annehmen',
    acceptLabel: (className: string) => `Einladung zur Klasse ${className} annehmen`,
    decline: 'Ablehnen',
    declineLabel: (className: string) => `Einladung zur Klasse ${className} ablehnen`,
  },

  /** What a colleague who may not change something reads instead of the controls. */
  readOnly: {
    /** Above a shared class's page: what the colleague's role allows. */
    class: {
      owner: '',
      view: 'Diese Klasse ist mit dir geteilt: Du kannst sie ansehen, aber nichts ändern.',
      grade:
        'Diese Klasse ist mit dir geteilt: Du kannst Abgaben bewerten und austeilen, aber die Klasse, ihre Schüler, Aufgaben und Bewertungsraster nicht ändern.',
      manage:
        'Diese Klasse ist mit dir geteilt: Du verwaltest sie mit. Löschen kann sie nur, wem sie gehört.',
    } satisfies Record<ClassAccess, string>,
    noStudents: 'In dieser Klasse sind noch keine Schüler.',
    rubric: 'Das Bewertungsraster ändern kann, wer die Klasse verwaltet.',
    noRubric: 'Diese Aufgabe hat noch kein Bewertungsraster.',
    grading: 'Du kannst diese Abgabe ansehen, aber nicht bewerten.',
    view: 'Ansehen',
    viewLabel: (name: string) => `Abgabe von ${name} ansehen`,
    chosen: 'gewählt',
  },

  toasts: {
    invited: (email: string) => `${email} ist eingeladen`,
    inviteFailed: 'Fehler beim Einladen der Lehrkraft',
    roleChanged: 'Die Rolle wurde geändert',
    roleChangeFailed: 'Fehler beim Ändern der Rolle',
    removed: 'Der Zugriff wurde entfernt',
    withdrawn: 'Die Einladung wurde zurückgenommen',
    removeFailed: 'Fehler beim Entfernen der Lehrkraft',
    left: 'Du hast die Klasse verlassen',
    leaveFailed: 'Fehler beim Verlassen der Klasse',
    accepted: (className: string) => `Die Klasse ${className} ist jetzt in deiner Liste`,
    acceptFailed: 'Fehler beim Annehmen der Einladung',
    declined: 'Die Einladung wurde abgelehnt',
    declineFailed: 'Fehler beim Ablehnen der Einladung',
    /** The open class is gone for this teacher: removed from it, or the class was deleted. */
    accessLost:
      'Du hast keinen Zugriff mehr auf diese Klasse: Sie wurde gelöscht oder nicht mehr mit dir geteilt.',
  },
} as const;
