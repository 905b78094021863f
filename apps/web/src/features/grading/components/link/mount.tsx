import './feedbackLink.css';
import { COLOR_SCHEME_STORAGE_KEY, type FeedbackLinkPageData } from '@app/contract';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { FeedbackLinkApp } from './FeedbackLinkPage';
import { feedbackLinkPage } from './page';

/** The data the server rendered the page from (`#feedback-data`); null when it sent none. */
function serverData(): FeedbackLinkPageData | null {
  const script = document.getElementById('feedback-data');
  try {
    return script?.textContent ? (JSON.parse(script.textContent) as FeedbackLinkPageData) : null;
  } catch {
    return null;
  }
}

/**
 * The colour mode follows the phone's while no choice is stored, as Mantine's "auto" does in the app: the
 * head's colour-mode script set it for the first paint.
 */
function followSystemColorScheme(): void {
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  dark.addEventListener('change', () => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
    } catch {
      // No storage: the phone's mode.
    }
    if (stored === 'light' || stored === 'dark') return;
    document.documentElement.setAttribute('data-mantine-color-scheme', dark.matches ? 'dark' : 'light');
  });
}

/**
 * Takes over the feedback page the server sent (ADR 034): hydrates its markup with the data it came with, or
 * renders the page and asks the API when the server sent none.
 */
export function mountFeedbackLinkPage(root: HTMLElement): void {
  const token = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
  const data = serverData();
  if (data && root.firstElementChild) hydrateRoot(root, feedbackLinkPage(token, data).element);
  else
    createRoot(root).render(
      <StrictMode>
        <FeedbackLinkApp token={token} initial={data ?? undefined} />
      </StrictMode>,
    );
  followSystemColorScheme();
}
