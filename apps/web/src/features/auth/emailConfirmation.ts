import type { UserRole } from '@app/contract';
import type { AuthController } from './authController';
import { de } from '../../i18n/de';
import { isRateLimited } from './errors';
import { appUrl } from './appUrl';
import { callbackCredentials } from './guard';

/** Who is signed in in this browser, apart from any confirmation. */
export type SignedInState = { role: UserRole | null } | null;

/**
 * What the confirmation landing found out:
 * - `confirmed`: this browser took over the session the link carried; the auth server issues it only after
 *   it verified the link, so the address is confirmed.
 * - `notConfirmed`: a link arrived but its code or tokens could not be used here (opened in another browser
 *   than the one that registered, already used, expired, made up). Whether the address is confirmed cannot
 *   be told here.
 * - `noLink`: the page was opened without anything from a confirmation link.
 * - `failed`: the auth server sent the link back with an error.
 */
export type ConfirmationResult =
  | { status: 'confirmed'; role: UserRole | null }
  | { status: 'notConfirmed' | 'noLink' | 'failed'; signedIn: SignedInState };

/** The page's heading: "confirmed" only after a real confirmation, never while waiting or after a failure. */
export const emailConfirmedTitle = (result: ConfirmationResult | null): string =>
  result?.status === 'confirmed' ? de.titles.emailConfirmed : de.auth.emailConfirmed.title;

function hasError(raw: string): boolean {
  const params = new URLSearchParams(raw.replace(/^[?#]/, ''));
  return params.has('error') || params.has('error_code') || params.has('error_description');
}

/**
 * The landing after the confirmation link (`/email-confirmed`): the link goes to the auth server
 * (`/auth/v1/verify`), which confirms the address and redirects here with a PKCE `code` (or, without PKCE,
 * the session's tokens in the fragment), or with an error. Only a session taken over from those counts as
 * a confirmation; a session this browser already had does not.
 */
export async function confirmFromAddress(
  auth: AuthController,
  address: { search: string; hash: string },
): Promise<ConfirmationResult> {
  const signedIn = async (): Promise<SignedInState> => {
    const state = await auth.getState();
    return state.session ? { role: state.role } : null;
  };
  if (hasError(address.search) || hasError(address.hash)) {
    return { status: 'failed', signedIn: await signedIn() };
  }
  const callback = callbackCredentials(address.search, address.hash);
  if (!callback) return { status: 'noLink', signedIn: await signedIn() };
  const { ok } = await auth.consumeCallback(callback);
  if (!ok) return { status: 'notConfirmed', signedIn: await signedIn() };
  const state = await auth.getState();
  return { status: 'confirmed', role: state.role };
}

/** Sends the sign-up confirmation mail again; the outcome as the forms show it. */
export async function resendConfirmationMail(
  auth: Pick<AuthController, 'client'>,
  email: string,
): Promise<'sent' | 'rateLimited' | 'failed'> {
  try {
    const client = await auth.client();
    const { error } = await client.resend({
      type: 'signup',
      email: email.trim(),
      options: { emailRedirectTo: appUrl('/email-confirmed') },
    });
    return !error ? 'sent' : isRateLimited(error) ? 'rateLimited' : 'failed';
  } catch {
    return 'failed';
  }
}
