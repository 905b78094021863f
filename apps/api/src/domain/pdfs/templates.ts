import type { PdfTemplateContent, PdfTemplateSummary } from '@app/contract';
import { AppError } from '../../lib/app-error';

// The PDF templates the teacher can print (PRODUCT.md §4 "PDF-Vorlagen"): what each prints, in which order,
// and from which endpoint. The descriptions are what the endpoints below draw (worksheet.ts,
// feedback-sheet.ts, class-overview.ts).

const TEMPLATES: PdfTemplateContent[] = [
  {
    name: 'arbeitsblatt',
    title: 'Arbeitsblatt',
    description:
      'Die Aufgabe zum Ausdrucken: Titel, Namensfeld, Abgabedatum, Aufgabentext und ein QR-Code zur Abgabe – auf Wunsch ein Satz Seiten pro Schüler mit eigenem QR-Code.',
    endpoint: '/api/tasks/:taskId/worksheet.pdf',
    options: [
      {
        key: 'perStudent',
        description:
          'perStudent=1: ein Satz Seiten pro Schüler der Klasse, mit dem Namen im Namensfeld und einem eigenen QR-Code auf jeder Seite.',
      },
    ],
    page_size: 'A4',
    sections: [
      {
        key: 'header',
        title: 'Kopf',
        content: 'Titel der Aufgabe, Namensfeld (pro Schüler mit Namen) und Abgabedatum.',
        every_page: true,
      },
      {
        key: 'qr_code',
        title: 'QR-Code',
        content:
          'Der Abgabelink der Aufgabe; pro Schüler mit einem zufälligen Zeichen der Abgabe (ohne Namen), damit eingescannte Seiten zugeordnet werden können.',
        every_page: true,
      },
      {
        key: 'content',
        title: 'Aufgabentext',
        content: 'Überschriften, Absätze, Listen und Tabellen der Aufgabe; Formeln als LaTeX-Quelltext.',
        every_page: false,
      },
      {
        key: 'page_marker',
        title: 'Seitenangabe',
        content: '„Seite i/n“ des Satzes eines Schülers.',
        every_page: true,
      },
    ],
  },
  {
    name: 'feedbackbogen',
    title: 'Feedbackbogen',
    description:
      'Die Rückmeldung zu einer Abgabe: Bewertungsbogen mit erreichter Stufe je Kompetenz, Punkte, Rückmeldungen und Empfehlungen.',
    endpoint: '/api/submissions/:submissionId/feedback-sheet.pdf',
    options: [
      {
        key: 'version',
        description:
          'Ohne Angabe der Stand der Rückgabe, wie ihn der Feedback-Link zeigt; version=current: der aktuelle Stand, als Entwurf gekennzeichnet, wenn er nicht ausgeteilt ist. Eine nicht ausgeteilte Abgabe ist immer ein Entwurf.',
      },
    ],
    page_size: 'A4',
    sections: [
      {
        key: 'header',
        title: 'Kopf',
        content:
          'Aufgabe, Name, welcher Stand gedruckt ist („Stand der Rückgabe vom …“ oder „Entwurf – noch nicht ausgeteilt“) und Gesamtpunktzahl.',
        every_page: false,
      },
      {
        key: 'version_mark',
        title: 'Stand',
        content:
          'Ab der zweiten Seite oben Name und Stand, damit eine einzelne Seite nicht für die andere Fassung gehalten wird.',
        every_page: true,
      },
      {
        key: 'rubric',
        title: 'Bewertungsbogen',
        content:
          'Je Kompetenzbereich eine Tabelle: Kompetenzen × Stufen, die erreichte Stufe hervorgehoben, Punkte je Kompetenz und Bereich. Nicht bestätigte Werte der KI sind als „KI-Vorschlag“ gekennzeichnet.',
        every_page: false,
      },
      {
        key: 'group_texts',
        title: 'Rückmeldungen',
        content: 'Der Text je Kompetenzbereich.',
        every_page: false,
      },
      {
        key: 'recommendations',
        title: 'Empfehlungen',
        content: 'Die Empfehlungen je Kompetenz, wie der Schüler sie über seinen Feedback-Link sieht.',
        every_page: false,
      },
    ],
  },
  {
    name: 'klassenuebersicht',
    title: 'Klassenübersicht',
    description: 'Alle Schüler einer Aufgabe mit ihren Punkten je Kompetenz und der Summe, als Tabelle.',
    endpoint: '/api/tasks/:taskId/class-overview.pdf',
    options: [],
    page_size: 'A4',
    sections: [
      {
        key: 'table',
        title: 'Tabelle',
        content:
          'Eine Zeile pro Schüler, eine Spalte pro Kompetenz (K1, K2, …) und die Summe; die Kopfzeile wiederholt sich auf jeder Seite.',
        every_page: true,
      },
      {
        key: 'legend',
        title: 'Legende',
        content:
          'Die Namen der Kompetenzen zu K1, K2, … und die Zeichen für KI-Vorschläge und nicht Bewertetes.',
        every_page: false,
      },
    ],
  },
];

/** `GET /api/pdf-templates`: the list, or one template by name (unknown: 404 PDF_TEMPLATE_NOT_FOUND). */
export function pdfTemplates(
  templateName: string | undefined,
): { templates: PdfTemplateSummary[] } | { templateContent: PdfTemplateContent } {
  if (templateName === undefined) {
    return { templates: TEMPLATES.map(({ name, title, description }) => ({ name, title, description })) };
  }
  const template = TEMPLATES.find((t) => t.name === templateName);
  if (!template) throw new AppError('PDF_TEMPLATE_NOT_FOUND');
  return { templateContent: template };
}
