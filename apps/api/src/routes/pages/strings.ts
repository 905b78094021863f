/**
 * German strings of the server-rendered public pages (ADR 020): the submit page's form before its script runs,
 * the receipt and error pages of the form post, and the feedback link. Worded like the web app's `de.submit`
 * (students are addressed with "du"); kept on the API side so that the pages' JavaScript does not grow.
 */
export const pageStrings = {
  appName: 'Klassenzimmer',
  /** A TikZ picture of the task (as `de.submit.tikzPicture`). */
  tikz: {
    pictureLabel: 'TikZ-Grafik',
    pictureLabelWithText: (text: string) => `TikZ-Grafik: ${text}`,
  },
  submit: {
    documentTitle: (title: string) => `${title} – Abgabe`,
    dueDate: (date: string) => `Abgabe bis ${date}`,
    closed: {
      draft: 'Diese Aufgabe ist noch nicht freigegeben und nimmt noch keine Abgaben an.',
      closed: 'Diese Aufgabe ist geschlossen und nimmt keine Abgaben mehr an.',
      past_due: 'Die Abgabefrist ist abgelaufen. Diese Aufgabe nimmt keine Abgaben mehr an.',
    },
    notFound: 'Diese Aufgabe gibt es nicht. Bitte prüfe den Link oder frag deine Lehrkraft.',
    nameHeading: '1. Dein Name',
    namePick: 'Wähle deinen Namen',
    namePlaceholder: 'Bitte auswählen …',
    nameTyped: 'Nicht in der Liste? Dein Vor- und Nachname',
    nameTypedHint: 'Deine Lehrkraft ordnet deine Abgabe dann dir zu.',
    filesHeading: '2. Deine Lösung',
    filesHint: (maxFiles: number, maxMb: number) =>
      `Fotos oder PDF-Dateien, höchstens ${maxFiles} Dateien mit je ${maxMb} MB.`,
    chooseFiles: 'Dateien auswählen',
    submit: 'Abgeben',
  },
  receipt: {
    heading: 'Abgegeben',
    intro: (name: string) => `Danke, ${name}! Deine Lehrkraft hat diese Dateien erhalten:`,
    at: (dateTime: string) => `Eingegangen am ${dateTime}`,
    duplicate: 'schon vorhanden, nicht doppelt gespeichert',
    more: 'Weitere Dateien abgeben',
  },
  error: {
    heading: 'Das hat nicht geklappt',
    back: 'Zurück zur Aufgabe',
    foreignOrigin: 'Bitte gib deine Dateien direkt auf der Seite der Aufgabe ab.',
  },
  feedback: {
    documentTitle: (title: string) => `${title} – Rückmeldung`,
    heading: (name: string) => `Rückmeldung für ${name}`,
    total: (score: string, max: string) => `Gesamt: ${score} von ${max} Punkten`,
    points: (score: string, max: string) => `${score} / ${max} Punkte`,
    notScored: 'nicht bewertet',
    reason: 'Begründung',
    recommendation: 'Tipp',
    proof: 'Belege',
    notFound:
      'Diese Rückmeldung gibt es nicht (mehr). Bitte prüfe den Link oder frag deine Lehrkraft nach einem neuen.',
  },
} as const;
