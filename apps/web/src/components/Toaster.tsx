import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// Mantine's Notifications component (with its transitions and scroll lock, ~11 KiB gzipped) loads with the
// first toast, not with every page: the public submit page often shows none (≤ 151 kB of JS on a phone).
const ToastStack = lazy(() => import('./ToastStack'));

/** Where toasts appear; mounted once beside the router. Show them with `toast` from lib/toast. */
export function Toaster() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Once mounted it stays, so that leaving toasts can animate out.
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  ) : null;
}
