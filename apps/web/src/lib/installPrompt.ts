/** The browser's offer to install the app (Chromium's `beforeinstallprompt`; not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/**
 * Keeps the browser's install offer from the first moment (it may come before the code that shows it has
 * loaded); features/pwa shows it. Installed once by main.tsx.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offered = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    for (const listener of listeners) listener();
  });
}

export function installPrompt(): InstallPromptEvent | null {
  return offered;
}

export function onInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After the prompt was used: the browser offers it again later if at all. */
export function forgetInstallPrompt(): void {
  offered = null;
  for (const listener of listeners) listener();
}
