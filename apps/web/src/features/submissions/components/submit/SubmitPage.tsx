import type { SubmitPageResponse } from '@app/contract';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { deShell } from '../../../../i18n/de.shell';
import { deSubmit } from '../../../../i18n/de.submit';
import { ApiError } from '../../../../lib/api';
import { serverRetries, subscribeServerRetries } from '../../../../lib/serverRetry';
import { usePageTitle } from '../../../../lib/usePageTitle';
import { fetchSubmitPage } from '../../submitQueries';
import controls from './controls.module.css';
import classes from './Submit.module.css';
import { SubmitForm, type EarlyInput } from './SubmitForm';

const t = deSubmit.submit;

type Load =
  { state: 'loading' } | { state: 'error'; notFound: boolean } | { state: 'ready'; page: SubmitPageResponse };

/**
 * `/submit/{taskId}`: the public page where students hand in photos and PDFs from their phones, without an
 * account. Each file is its own request, so every file has its own progress bar and can be retried alone;
 * nothing is dropped from the list until it is uploaded or the student removes it. Opened from a printed
 * worksheet's QR code (`printToken`), the student on the worksheet is preselected. The server sends the page's
 * data with the HTML (`initial`); without it (development) the page asks the API.
 */
export function SubmitPage({
  taskId,
  printToken,
  initial,
  early,
}: {
  taskId: string;
  printToken?: string;
  initial?: SubmitPageResponse;
  early?: EarlyInput;
}) {
  const [load, setLoad] = useState<Load>(initial ? { state: 'ready', page: initial } : { state: 'loading' });
  // Requests waiting to be sent again while the server is unavailable (lib/api.ts retryingOutages).
  const retrying = useSyncExternalStore(subscribeServerRetries, () => serverRetries() > 0);
  usePageTitle(load.state === 'ready' ? t.documentTitle(load.page.task.title) : deShell.titles.submit);

  const fetchPage = useCallback(
    (signal?: AbortSignal) =>
      fetchSubmitPage(taskId, printToken, signal).then(
        (page) => setLoad({ state: 'ready', page }),
        (error: unknown) => {
          if (signal?.aborted) return;
          setLoad({ state: 'error', notFound: error instanceof ApiError && error.status === 404 });
        },
      ),
    [taskId, printToken],
  );
  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    void fetchPage(controller.signal);
    return () => controller.abort();
  }, [initial, fetchPage]);

  return (
    <>
      <header className={classes.header}>{deShell.app.name}</header>
      {/* The app's ServerRetryNotice would pull a chunk of the app's shell into this page (ADR 012). */}
      <div role="status" aria-live="polite" className={classes.retryRegion}>
        {retrying && (
          <p className={controls.alert} data-testid="server-retry">
            {deShell.api.retrying}
          </p>
        )}
      </div>
      <main className={classes.main}>
        {load.state === 'loading' && (
          <p className={classes.loading} role="status">
            {t.loading}
          </p>
        )}
        {load.state === 'error' && (
          <div className={classes.stack}>
            <h1 className={classes.title}>{deShell.titles.submit}</h1>
            <p className={controls.alert} data-color="red" role="alert">
              {load.notFound ? t.notFound : t.loadFailed}
            </p>
            {!load.notFound && (
              <div>
                <button
                  type="button"
                  className={controls.button}
                  onClick={() => {
                    setLoad({ state: 'loading' });
                    void fetchPage();
                  }}
                >
                  {t.reload}
                </button>
              </div>
            )}
          </div>
        )}
        {load.state === 'ready' && <SubmitForm taskId={taskId} page={load.page} early={early} />}
      </main>
    </>
  );
}
