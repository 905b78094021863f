import './submit.css';
import { PRINT_TOKEN_PATTERN, type SubmitPageResponse } from '@app/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NAME_MISSING } from './StudentName';
import type { EarlyInput } from './SubmitForm';
import { SubmitPage } from './SubmitPage';

/** The data the server put beside its markup; null when the page came without it (development). */
function serverData(): SubmitPageResponse | null {
  const script = document.getElementById('submit-data');
  try {
    return script?.textContent ? (JSON.parse(script.textContent) as SubmitPageResponse) : null;
  } catch {
    return null;
  }
}

/**
 * What the student already did in the server's plain form: the name picked or typed and the files chosen.
 * Files picked in a dialog that is still open when the page takes over arrive later, through `lateFiles`.
 */
function earlyInput(): EarlyInput {
  const select = document.querySelector<HTMLSelectElement>('main.ssr select');
  const typed =
    document.querySelector<HTMLInputElement>('main.ssr input:not([type=file])')?.value.trim() ?? '';
  const fileInput = document.querySelector<HTMLInputElement>('main.ssr input[type=file]');
  return {
    choice: select?.value || (typed ? NAME_MISSING : ''),
    typed,
    files: Array.from(fileInput?.files ?? []),
    lateFiles: (add) => {
      if (!fileInput) return () => {};
      const onChange = () => add(Array.from(fileInput.files ?? []));
      fileInput.addEventListener('change', onChange);
      return () => fileInput.removeEventListener('change', onChange);
    },
  };
}

/**
 * Takes over the submit page the server sent (ADR 020): its data from `#submit-data`, and what the student
 * already picked, typed or chose in the plain form, read before the first render removes that markup.
 */
export function mountSubmitPage(root: HTMLElement): void {
  const taskId = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
  const token = new URLSearchParams(window.location.search).get('s') ?? '';
  const initial = serverData();
  const early = earlyInput();
  createRoot(root).render(
    <StrictMode>
      <SubmitPage
        taskId={taskId}
        printToken={PRINT_TOKEN_PATTERN.test(token) ? token : undefined}
        initial={initial ?? undefined}
        early={early}
      />
    </StrictMode>,
  );
}
