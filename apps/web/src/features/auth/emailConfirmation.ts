import type { UserRole } from '@app/contract';
import type { AuthController } from './authController';
import { callbackCredentials } from './guard';

export type ConfirmationResult =
  { status: 'signedIn'; role: UserRole | null } | { status: 'signedOut' } | { status: 'failed' };

function hasError(raw: string): boolean {
  const params = new URLSearchParams(raw.replace(/^[?#]/, ''));
  return params.has('error') || params.has('error_code') || params.has('error_description');
}

/**
 * The landing after the confirmation link (`/email-confirmed`): takes over the session the link carries
 * (PKCE `code`, or tokens in the fragment) and reports who is signed in now. A `code` that cannot be
 * exchanged here (the link was opened in another browser) still means the address was confirmed: the
 * auth server only redirects with a code after a successful verification.
 */
export async function confirmFromAddress(
  auth: AuthController,
  address: { search: string; hash: string },
): Promise<ConfirmationResult> {
  if (hasError(address.search) || hasError(address.hash)) return { status: 'failed' };
  const callback = callbackCredentials(address.search, address.hash);
  if (callback) await auth.consumeCallback(callback);
  const state = await auth.getState();
  return state.session ? { status: 'signedIn', role: state.role } : { status: 'signedOut' };
}
