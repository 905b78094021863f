import { Affix, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { de } from '../../i18n/de';
import { forgetInstallPrompt, installPrompt, onInstallPrompt } from '../../lib/installPrompt';

const t = de.pwa;
/** How often an open tab asks for a newer build and service worker (PRODUCT.md §7). */
export const BUILD_POLL_MS = 20_000;
/** Remembered in this browser once the install offer was dismissed: it never shows again. */
export const INSTALL_DISMISSED_KEY = 'pwa-install-dismissed';

/** The id of the build the server has now; null when it cannot be read (offline, development). */
async function latestBuildId(): Promise<string | null> {
  try {
    const res = await fetch('/builds/latest.json', { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : null;
  } catch {
    return null;
  }
}

/**
 * The service worker and new builds: registers /sw.js, reloads the page when a new worker version takes over,
 * and every 20 s asks for a newer build (`builds/latest.json`) and worker. Without a worker (not supported or
 * refused) a newer build is offered as "Neu laden".
 */
function useUpdates(): boolean {
  const [offerReload, setOfferReload] = useState(false);
  useEffect(() => {
    let registration: ServiceWorkerRegistration | null = null;
    const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    // The first worker taking over a page that had none is no update; any later takeover is one.
    let controlled = Boolean(workers?.controller);
    const onControllerChange = () => {
      if (controlled) window.location.reload();
      controlled = true;
    };
    if (workers) {
      workers.addEventListener('controllerchange', onControllerChange);
      workers.register('/sw.js').then(
        (registered) => {
          registration = registered;
        },
        () => undefined,
      );
    }
    const timer = window.setInterval(() => {
      void (async () => {
        const latest = await latestBuildId();
        const newer = latest !== null && latest !== __BUILD_ID__;
        if (registration) await registration.update().catch(() => undefined);
        // With a worker, its activation reloads the page; without one the teacher decides.
        else if (newer) setOfferReload(true);
      })();
    }, BUILD_POLL_MS);
    return () => {
      window.clearInterval(timer);
      workers?.removeEventListener('controllerchange', onControllerChange);
    };
  }, []);
  return offerReload;
}

function useInstallOffer() {
  const offer = useSyncExternalStore(onInstallPrompt, installPrompt, () => null);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(INSTALL_DISMISSED_KEY) === '1');
  const dismiss = () => {
    localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    setDismissed(true);
  };
  const install = async () => {
    if (!offer) return;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    forgetInstallPrompt();
    if (outcome === 'dismissed') dismiss();
  };
  return { visible: offer !== null && !dismissed, install, dismiss };
}

/**
 * The installable app around the pages (PRODUCT.md §4 "Other"): the install offer when the browser makes one
 * (hidden for good once dismissed) and the update handling. Loaded lazily by the root route, never on the
 * children's pages.
 */
export default function Pwa() {
  const offerReload = useUpdates();
  const installOffer = useInstallOffer();
  if (!offerReload && !installOffer.visible) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300} maw="calc(100vw - 32px)">
      <Stack gap="sm">
        {offerReload && (
          <Paper withBorder shadow="md" p="md" radius="md" maw={380} role="status" aria-live="polite">
            <Text fw={700}>{t.updateTitle}</Text>
            <Text size="sm" mb="sm">
              {t.updateText}
            </Text>
            <Button size="sm" onClick={() => window.location.reload()}>
              {t.reload}
            </Button>
          </Paper>
        )}
        {installOffer.visible && (
          <Paper
            withBorder
            shadow="md"
            p="md"
            radius="md"
            maw={380}
            role="region"
            aria-label={t.installTitle}
          >
            <Text fw={700}>{t.installTitle}</Text>
            <Text size="sm" mb="sm">
              {t.installText}
            </Text>
            <Group gap="xs">
              <Button size="sm" onClick={() => void installOffer.install()}>
                {t.install}
              </Button>
              <Button size="sm" variant="default" onClick={installOffer.dismiss}>
                {t.dismiss}
              </Button>
            </Group>
          </Paper>
        )}
      </Stack>
    </Affix>
  );
}
