import { deSubmit } from './de.submit';

/** Strings of the TikZ pictures in task content: toolbar button, dialog, and the pages that show them. Merged into `de` as `de.tikz`. */
export const deTikz = {
  toolbar: 'TikZ-Grafik einfügen',
  glyph: 'TikZ',
  insertTitle: 'TikZ-Grafik einfügen',
  editTitle: 'TikZ-Grafik bearbeiten',
  source: 'TikZ-Code',
  description:
    'Eine tikzpicture-Umgebung; Pakete wie pgfplots lädst du mit \\usepackage vor \\begin{document}. Strg+Enter fügt die Grafik ein.',
  placeholder: '\\begin{tikzpicture}\n  \\draw (0,0) circle (1);\n\\end{tikzpicture}',
  preview: 'Vorschau',
  emptyPreview: 'Die Vorschau erscheint, sobald du TikZ-Code eingibst.',
  rendering: 'Grafik wird gesetzt …',
  texError: (line: string) => `TeX meldet: ${line}`,
  insert: 'Einfügen',
  apply: 'Übernehmen',
  remove: 'Grafik entfernen',
  cancel: 'Abbrechen',
  ...deSubmit.tikzPicture,
};
