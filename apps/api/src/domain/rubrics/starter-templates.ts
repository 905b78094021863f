import type { RubricTemplateContentInput } from '@app/contract';

// The rubric templates the project ships, in its own words: the six general mathematical competences of the
// KMK educational standards for grades 5–10 and a rubric for a German essay. Every teacher sees them in the
// library; nobody changes them (a copy in a task can be changed like any rubric).

export interface StarterTemplate {
  /** A fixed id in the shape of every entity id (21 characters). */
  id: string;
  title: string;
  description: string;
  subject: string;
  grade: string;
  content: RubricTemplateContentInput;
}

/** Four levels, 0–3, from "not shown" to "shown fully and on one's own". */
const levels = (texts: [string, string, string, string]) => texts.map((text, score) => ({ score, text }));

const competence = (name: string, description: string, texts: [string, string, string, string]) => ({
  name,
  description,
  max_score: 3,
  levels: levels(texts),
});

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    id: 'starter-kmk-mathe-k16',
    title: 'Allgemeine mathematische Kompetenzen (K1–K6)',
    description:
      'Die sechs allgemeinen mathematischen Kompetenzen der KMK-Bildungsstandards für die Sekundarstufe I, je mit vier Stufen. Für Klassenarbeiten und Lernaufgaben in den Jahrgangsstufen 5 bis 10; Punkte und Texte lassen sich nach dem Einfügen an die Aufgabe anpassen.',
    subject: 'Mathematik',
    grade: '5–10',
    content: {
      skill_groups: [
        {
          name: 'Allgemeine mathematische Kompetenzen',
          description: 'Prozessbezogene Kompetenzen nach den KMK-Bildungsstandards (Sekundarstufe I).',
          skills: [
            competence(
              'Mathematisch argumentieren (K1)',
              'Vermutungen äußern, begründen und Begründungen prüfen.',
              [
                'Keine Begründung erkennbar.',
                'Eine Aussage wird genannt, aber nur mit einem Beispiel oder einer Behauptung gestützt.',
                'Die Begründung ist im Kern richtig, einzelne Schritte fehlen oder sind ungenau.',
                'Die Begründung ist vollständig, schlüssig und nachvollziehbar aufgeschrieben.',
              ],
            ),
            competence(
              'Probleme mathematisch lösen (K2)',
              'Einen Lösungsweg finden, ausführen und überprüfen.',
              [
                'Kein Lösungsansatz erkennbar.',
                'Ein Ansatz ist erkennbar, führt aber nicht zur Lösung.',
                'Ein passender Weg wird gewählt und weitgehend ausgeführt; die Prüfung des Ergebnisses fehlt.',
                'Ein passender Weg wird selbstständig gewählt, vollständig ausgeführt und das Ergebnis geprüft.',
              ],
            ),
            competence(
              'Mathematisch modellieren (K3)',
              'Eine Sachsituation in Mathematik übersetzen, darin lösen und das Ergebnis zurück auf die Situation beziehen.',
              [
                'Die Sachsituation wird nicht in ein mathematisches Modell übertragen.',
                'Ein Modell wird angesetzt, passt aber nur teilweise zur Situation.',
                'Das Modell passt und wird bearbeitet; die Deutung im Sachzusammenhang ist knapp oder fehlt.',
                'Das Modell passt, wird sicher bearbeitet, das Ergebnis wird im Sachzusammenhang gedeutet und bewertet.',
              ],
            ),
            competence(
              'Mathematische Darstellungen verwenden (K4)',
              'Tabellen, Graphen, Skizzen, Terme und Diagramme auswählen, lesen und erstellen.',
              [
                'Keine oder eine unpassende Darstellung.',
                'Eine Darstellung wird verwendet, ist aber unvollständig oder fehlerhaft beschriftet.',
                'Eine passende Darstellung wird weitgehend korrekt erstellt oder gelesen.',
                'Passende Darstellungen werden sicher gewählt, korrekt erstellt und miteinander verknüpft.',
              ],
            ),
            competence(
              'Mit symbolischen, formalen und technischen Elementen umgehen (K5)',
              'Rechnen, Terme umformen, Gleichungen lösen, Hilfsmittel und digitale Werkzeuge nutzen.',
              [
                'Rechnungen und Umformungen fehlen oder sind grundlegend falsch.',
                'Einzelne Schritte gelingen, es treten mehrere Fehler auf.',
                'Die Verfahren werden überwiegend korrekt ausgeführt, mit vereinzelten Fehlern.',
                'Verfahren, Umformungen und Hilfsmittel werden sicher und fehlerfrei eingesetzt.',
              ],
            ),
            competence(
              'Mathematisch kommunizieren (K6)',
              'Überlegungen und Lösungswege verständlich darstellen und Fachsprache verwenden.',
              [
                'Der Lösungsweg ist nicht nachvollziehbar.',
                'Der Lösungsweg ist nur in Teilen nachvollziehbar; Fachbegriffe fehlen oft.',
                'Der Lösungsweg ist nachvollziehbar dargestellt, Fachbegriffe werden meist richtig verwendet.',
                'Der Lösungsweg ist klar gegliedert, vollständig und fachsprachlich korrekt dargestellt.',
              ],
            ),
          ],
        },
      ],
    },
  },
  {
    id: 'starter-deutsch-essay',
    title: 'Aufsatz: Inhalt, Aufbau, Ausdruck, Sprachrichtigkeit',
    description:
      'Ein Raster für Aufsätze und Erörterungen mit vier Bereichen und je zwei Kriterien. Die Stufen reichen von 0 (nicht erfüllt) bis 3 (voll erfüllt); für Jahrgang und Textsorte anpassbar.',
    subject: 'Deutsch',
    grade: '7–10',
    content: {
      skill_groups: [
        {
          name: 'Inhalt',
          description: 'Was der Text sagt.',
          skills: [
            competence('Aufgabenbezug', 'Der Text bearbeitet die gestellte Aufgabe und das Thema.', [
              'Das Thema wird verfehlt.',
              'Das Thema wird nur am Rand oder teilweise bearbeitet.',
              'Das Thema wird bearbeitet, einzelne Teile der Aufgabe fehlen.',
              'Alle Teile der Aufgabe werden gezielt und vollständig bearbeitet.',
            ]),
            competence(
              'Gedankliche Qualität',
              'Argumente, Belege und Beispiele sind treffend und entfaltet.',
              [
                'Keine tragfähigen Gedanken oder Belege.',
                'Wenige, oft unbelegte Gedanken.',
                'Überzeugende Gedanken mit Belegen, nicht immer ausgeführt.',
                'Vielfältige, gut belegte und differenziert entfaltete Gedanken.',
              ],
            ),
          ],
        },
        {
          name: 'Aufbau',
          description: 'Wie der Text gegliedert ist.',
          skills: [
            competence('Gliederung', 'Einleitung, Hauptteil und Schluss sind erkennbar und stimmig.', [
              'Keine erkennbare Gliederung.',
              'Eine Gliederung ist nur in Ansätzen erkennbar.',
              'Die Gliederung ist erkennbar, einzelne Teile sind unausgewogen.',
              'Der Text ist klar und schlüssig gegliedert.',
            ]),
            competence('Zusammenhang', 'Absätze und Übergänge verbinden die Gedanken.', [
              'Die Gedanken stehen unverbunden nebeneinander.',
              'Übergänge fehlen häufig.',
              'Die Gedanken sind meist sinnvoll verknüpft.',
              'Die Gedanken sind durchgehend folgerichtig und sprachlich verknüpft.',
            ]),
          ],
        },
        {
          name: 'Ausdruck',
          description: 'Wie der Text formuliert ist.',
          skills: [
            competence('Wortwahl', 'Treffende, abwechslungsreiche und der Textsorte angemessene Wörter.', [
              'Die Wortwahl ist oft unpassend oder umgangssprachlich.',
              'Die Wortwahl ist eintönig, teilweise unpassend.',
              'Die Wortwahl ist überwiegend treffend und angemessen.',
              'Die Wortwahl ist präzise, abwechslungsreich und durchgehend angemessen.',
            ]),
            competence('Satzbau', 'Vielfältige und verständliche Sätze.', [
              'Die Sätze sind oft unverständlich.',
              'Die Sätze sind einfach gebaut oder teilweise verschachtelt und unklar.',
              'Die Sätze sind verständlich und überwiegend abwechslungsreich.',
              'Die Sätze sind abwechslungsreich, klar und stilistisch sicher.',
            ]),
          ],
        },
        {
          name: 'Sprachrichtigkeit',
          description: 'Wie richtig der Text geschrieben ist.',
          skills: [
            competence('Rechtschreibung', 'Wörter sind richtig geschrieben.', [
              'Sehr viele Fehler erschweren das Lesen.',
              'Häufige Fehler.',
              'Einzelne Fehler.',
              'Nahezu fehlerfrei.',
            ]),
            competence('Grammatik und Zeichensetzung', 'Satzbau, Formen und Satzzeichen sind richtig.', [
              'Sehr viele Fehler erschweren das Lesen.',
              'Häufige Fehler.',
              'Einzelne Fehler.',
              'Nahezu fehlerfrei.',
            ]),
          ],
        },
      ],
    },
  },
];
