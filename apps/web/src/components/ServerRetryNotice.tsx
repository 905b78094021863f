import { deShell } from '../i18n/de.shell';
import { useServerRetry } from '../lib/useServerRetry';
import classes from './ServerRetryNotice.module.css';

/**
 * Says that the app is trying again by itself while the server is unavailable for a moment (its database
 * restarting): without it a page would just seem to hang. The live region is always there, so that screen
 * readers announce the text when it appears. The submit page shows the same text with markup of its own:
 * a module both entries import would be merged into a chunk of the app's shell that the page then loads
 * (ADR 012).
 */
export function ServerRetryNotice() {
  const retrying = useServerRetry();
  return (
    <div role="status" aria-live="polite" className={classes.region}>
      {retrying && <p className={classes.notice}>{deShell.api.retrying}</p>}
    </div>
  );
}
