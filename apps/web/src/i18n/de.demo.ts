import { DEMO_CONTENT } from '@app/contract';

/**
 * Strings of the `/demo` page: what the demo teacher's account holds, from the contract's DEMO_CONTENT (the
 * API seeds exactly that). Merged into `de` as `de.demo`.
 */
const c = DEMO_CONTENT;

export const deDemo = {
  intro: 'Probiere Klassenzimmer mit dem Konto einer Demo-Lehrkraft aus. Darin ist schon angelegt:',
  contents: [
    `das Fach ${c.subject} mit der Klasse ${c.className} und ${String(c.students)} Schülern (erfundene Namen),`,
    `${String(c.tasks)} Aufgaben: ein Entwurf, eine offene Aufgabe mit Abgabe-Link und QR-Code und eine beendete mit Bewertungsraster,`,
    `${String(c.submissions)} Abgaben als Fotos handschriftlicher Lösungen mit Bewertungsvorschlägen der KI und ihren Belegen auf dem Foto – bei ${String(c.teacherCorrected)} davon hat die Lehrkraft Punkte angepasst, bei ${String(c.unsure)} ist die KI bei einer Kompetenz unsicher,`,
    `${String(c.handedBack)} zurückgegebene Abgaben, deren Feedback-Links sich ohne Konto öffnen.`,
  ],
  shared: 'Alle Besucher nutzen dasselbe Demo-Konto; es wird täglich zurückgesetzt.',
};
