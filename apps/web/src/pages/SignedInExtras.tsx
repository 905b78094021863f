import { registrationDialogAllowedOn } from '@app/contract';
import { useRouterState } from '@tanstack/react-router';
import { ProfileColorScheme } from '../features/account';
import { RegistrationCheck } from '../features/registration';

/**
 * What every page adds for a signed-in user: the colour mode from their profile and, for a permitted role on
 * the paths where it may open, the registration dialog (PRODUCT.md §2). One chunk, loaded by the root only
 * once someone is signed in, so that the public pages never load it (ADR 012).
 */
export default function SignedInExtras({ userId, hasRole }: { userId: string; hasRole: boolean }) {
  const path = useRouterState({ select: (state) => state.location.pathname });
  return (
    <>
      {hasRole && registrationDialogAllowedOn(path) && <RegistrationCheck userId={userId} />}
      <ProfileColorScheme />
    </>
  );
}
