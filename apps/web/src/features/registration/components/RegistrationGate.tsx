import { registrationDialogAllowedOn } from '@app/contract';
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSession } from '../../auth';

// The dialog and its checks load only for signed-in users with a role: the public pages stay small (ADR 012).
const RegistrationCheck = lazy(() =>
  import('./RegistrationDialog').then((module) => ({ default: module.RegistrationCheck })),
);

/**
 * Mounted once at the root: the registration dialog (PRODUCT.md §2) for a signed-in user with a permitted
 * role, never on the paths `registrationDialogAllowedOn` excludes.
 */
export function RegistrationGate() {
  const { session, role } = useSession();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const userId = session?.user?.id;
  if (!userId || !role || !registrationDialogAllowedOn(path)) return null;
  return (
    <Suspense fallback={null}>
      <RegistrationCheck userId={userId} />
    </Suspense>
  );
}
