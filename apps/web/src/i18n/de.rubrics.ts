/**
 * Strings of the rubric feature: the rubric editor on the task page and `/dev/skillEditor`, the
 * competence generation step (`/dev/competenceGenerationStep`). Merged into `de` as `de.rubrics`.
 */

const points = (score: number) => (score === 1 ? '1 Punkt' : `${String(score)} Punkte`);

export const deRubrics = {
  points,
  heading: 'Bewertungsraster',
  intro:
    'Kompetenzbereiche mit ihren Kompetenzen und für jede Punktzahl eine Beschreibung. Die KI bewertet Abgaben anhand dieses Rasters.',
  empty:
    'Diese Aufgabe hat noch kein Bewertungsraster. Lege einen Kompetenzbereich an, lass dir eines vorschlagen oder übernimm eine Vorlage aus der Bibliothek.',
  loadFailed: 'Das Bewertungsraster konnte nicht geladen werden.',

  complete: 'Das Bewertungsraster ist vollständig: Jede Kompetenz hat für jede Punktzahl eine Beschreibung.',
  incompleteTitle: 'Das Bewertungsraster ist noch unvollständig',
  incompleteIntro: 'Für diese Punktzahlen fehlt noch eine Beschreibung:',
  missingOf: (skill: string, scores: number[]) =>
    `${skill}: ${scores.map(String).join(', ')} ${scores.length === 1 && scores[0] === 1 ? 'Punkt' : 'Punkte'}`,
  missingBadge: 'fehlt',
  skillComplete: 'vollständig',
  skillIncomplete: (count: number) => (count === 1 ? '1 Stufe fehlt' : `${String(count)} Stufen fehlen`),

  group: {
    label: 'Kompetenzbereich',
    name: 'Name des Kompetenzbereichs',
    description: 'Beschreibung des Kompetenzbereichs',
    add: 'Kompetenzbereich anlegen',
    newName: 'Neuer Kompetenzbereich',
    newNamePlaceholder: 'z. B. Fachliche Richtigkeit',
    reuse: 'Vorhandenen Kompetenzbereich hinzufügen',
    reusePlaceholder: 'Aus deinen anderen Aufgaben wählen',
    reuseAdd: 'Hinzufügen',
    reuseEmpty: 'Keine weiteren Kompetenzbereiche vorhanden',
    moveUp: (name: string) => `Kompetenzbereich „${name}“ nach oben verschieben`,
    moveDown: (name: string) => `Kompetenzbereich „${name}“ nach unten verschieben`,
    remove: (name: string) => `Kompetenzbereich „${name}“ aus dieser Aufgabe entfernen`,
    removeTitle: 'Kompetenzbereich entfernen?',
    removeText: (name: string) =>
      `„${name}“ wird aus dieser Aufgabe entfernt. Nutzt keine andere Aufgabe ihn, wird er mit allen Kompetenzen und Stufen gelöscht.`,
    removeConfirm: 'Entfernen',
    removed: 'Kompetenzbereich entfernt',
    noSkills: 'Noch keine Kompetenzen in diesem Bereich.',
    sharedHint: (count: number) =>
      count === 1
        ? 'Auch in 1 weiteren Aufgabe verwendet'
        : `Auch in ${String(count)} weiteren Aufgaben verwendet`,
  },

  skill: {
    name: 'Name der Kompetenz',
    description: 'Beschreibung der Kompetenz',
    maxScore: 'Höchstpunktzahl',
    add: 'Kompetenz hinzufügen',
    addTo: (group: string) => `Kompetenz zu „${group}“ hinzufügen`,
    newName: 'Neue Kompetenz',
    moveUp: (name: string) => `Kompetenz „${name}“ nach oben verschieben`,
    moveDown: (name: string) => `Kompetenz „${name}“ nach unten verschieben`,
    remove: (name: string) => `Kompetenz „${name}“ löschen`,
    removeTitle: 'Kompetenz löschen?',
    removeText: (name: string) => `„${name}“ wird mit allen Stufen gelöscht.`,
    levels: (name: string) => `Stufen von „${name}“`,
  },

  level: {
    score: 'Punkte',
    value: 'Beschreibung',
    valueLabel: (skill: string, score: number) => `Beschreibung für ${points(score)} bei „${skill}“`,
    valuePlaceholder: 'Was zeigt eine Lösung auf dieser Stufe?',
    remove: (skill: string, score: number) => `Beschreibung für ${points(score)} bei „${skill}“ löschen`,
  },

  toasts: {
    saveFailed: 'Fehler beim Speichern des Bewertungsrasters',
    deleteFailed: 'Fehler beim Löschen im Bewertungsraster',
    orderFailed: 'Fehler beim Ändern der Reihenfolge',
    generated: 'Bewertungsraster erfolgreich erstellt',
    generateFailed: 'Fehler beim Erstellen des Bewertungsrasters',
    proposeFailed: 'Fehler beim Vorschlagen der Kompetenzen',
    clusterCreated: 'Kriterien-Cluster erfolgreich erstellt',
    clusterFailed: 'Fehler beim Speichern des Kriterien-Clusters',
  },

  generation: {
    heading: 'Bewertungsraster mit KI erstellen',
    open: 'Mit KI erstellen',
    close: 'Schließen',
    intro:
      'Wähle Kriterien-Cluster, an denen sich die Vorschläge orientieren sollen. Die KI erhält nur den Aufgabentext, das Fach und die Klassenstufe – keine Daten deiner Schüler.',
    notConfigured:
      'Auf diesem Server ist kein KI-Dienst eingerichtet. Du kannst das Bewertungsraster weiterhin von Hand bearbeiten.',
    clusters: 'Kriterien-Cluster',
    clustersEmpty: 'Du hast noch keine Kriterien-Cluster. Die Vorschläge gehen dann nur von der Aufgabe aus.',
    newCluster: 'Neuer Kriterien-Cluster',
    clusterName: 'Name des Clusters',
    clusterCriteria: 'Kriterien',
    clusterCriteriaPlaceholder: 'z. B. K1 Mathematisch argumentieren, K2 Probleme lösen …',
    clusterAdd: 'Cluster anlegen',
    sending: (names: readonly string[]) =>
      `Gesendet werden: ${names.length === 1 ? '1 Cluster' : `${String(names.length)} Cluster`} (${names.join(', ')})`,
    sendingNone:
      'Kein Cluster angehakt: Die KI erhält nur die Aufgabe, das Fach und die Klassenstufe. Hake Cluster an, damit sich die Vorschläge an ihren Kriterien orientieren.',
    propose: 'Kompetenzen vorschlagen',
    proposing: 'Die KI schlägt Kompetenzen vor …',
    proposalHeading: 'Vorschlag bearbeiten',
    proposalIntro:
      'Passe Namen, Beschreibungen und Höchstpunktzahlen an. Danach beschreibt die KI für jede Punktzahl eine Stufe.',
    groupName: (index: number) => `Name des Kompetenzbereichs ${String(index + 1)}`,
    groupDescription: (index: number) => `Beschreibung des Kompetenzbereichs ${String(index + 1)}`,
    skillName: (group: number, skill: number) =>
      `Name der Kompetenz ${String(group + 1)}.${String(skill + 1)}`,
    skillDescription: (group: number, skill: number) =>
      `Beschreibung der Kompetenz ${String(group + 1)}.${String(skill + 1)}`,
    skillMax: (group: number, skill: number) =>
      `Höchstpunktzahl der Kompetenz ${String(group + 1)}.${String(skill + 1)}`,
    removeSkill: (name: string) => `Kompetenz „${name}“ aus dem Vorschlag entfernen`,
    removeGroup: (name: string) => `Kompetenzbereich „${name}“ aus dem Vorschlag entfernen`,
    addSkill: 'Kompetenz hinzufügen',
    addGroup: 'Kompetenzbereich hinzufügen',
    replace: 'Bisheriges Bewertungsraster dieser Aufgabe ersetzen',
    replaceHint: 'Ohne Haken werden die neuen Kompetenzbereiche an das bestehende Raster angehängt.',
    save: 'Stufen erzeugen und speichern',
    saving: 'Die KI beschreibt die Stufen …',
    back: 'Zurück zur Auswahl',
    confirmTitle: 'Bisheriges Bewertungsraster ersetzen?',
    confirmText:
      'Die bisherigen Kompetenzbereiche dieser Aufgabe werden entfernt; Bereiche, die keine andere Aufgabe nutzt, werden mit ihren Kompetenzen und Stufen gelöscht.',
    confirm: 'Ersetzen und erstellen',
    invalid: 'Bitte gib jedem Kompetenzbereich und jeder Kompetenz einen Namen (Höchstpunktzahl 1 bis 20).',
  },

  dev: {
    taskPicker: 'Aufgabe',
    taskPickerPlaceholder: 'Aufgabe wählen',
    noTasks: 'Du hast noch keine Aufgaben.',
    pickTask: 'Wähle eine Aufgabe, um ihr Bewertungsraster zu bearbeiten.',
  },
} as const;
