/** Strings of the installable app and its updates. Merged into `de` as `de.pwa`. */
export const dePwa = {
  installTitle: 'Klassenzimmer als App installieren',
  installText: 'Dann startet Klassenzimmer wie eine App vom Startbildschirm oder aus dem Dock.',
  install: 'Installieren',
  dismiss: 'Nicht mehr anzeigen',
  updateTitle: 'Neue Version verfügbar',
  updateText: 'Lade die Seite neu, um die neue Version zu verwenden.',
  reload: 'Neu laden',
};
