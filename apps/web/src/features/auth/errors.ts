import { de } from '../../i18n/de';

/**
 * German messages for the errors supabase-js reports (AuthApiError & co.). Read by shape — `code`,
 * `status`, `reasons`, `name` — so that no page needs supabase-js' runtime code to classify an error.
 */

interface AuthErrorShape {
  code?: unknown;
  status?: unknown;
  name?: unknown;
  message?: unknown;
  reasons?: unknown;
}

function shape(error: unknown): AuthErrorShape {
  return error !== null && typeof error === 'object' ? error : {};
}

function authErrorCode(error: unknown): string | null {
  const { code } = shape(error);
  return typeof code === 'string' ? code : null;
}

export function isRateLimited(error: unknown): boolean {
  const code = authErrorCode(error);
  return (
    code === 'over_request_rate_limit' ||
    code === 'over_email_send_rate_limit' ||
    code === 'over_sms_send_rate_limit' ||
    shape(error).status === 429
  );
}

/** No answer from the auth server (offline, server down): supabase-js' AuthRetryableFetchError. */
export function isNetworkFailure(error: unknown): boolean {
  const { name, status } = shape(error);
  return name === 'AuthRetryableFetchError' || status === 0;
}

function isInvalidCredentials(error: unknown): boolean {
  const code = authErrorCode(error);
  // Older GoTrue versions answer `invalid_grant` with "Invalid login credentials".
  return (
    code === 'invalid_credentials' ||
    (code === 'invalid_grant' && /invalid login credentials/i.test(String(shape(error).message)))
  );
}

/** The weak-password reasons GoTrue reports (`length`, `characters`, `pwned`). */
function weakPasswordReasons(error: unknown): string[] | null {
  if (authErrorCode(error) !== 'weak_password' && shape(error).name !== 'AuthWeakPasswordError') return null;
  const { reasons } = shape(error);
  return Array.isArray(reasons)
    ? reasons.filter((reason): reason is string => typeof reason === 'string')
    : [];
}

/**
 * PRODUCT.md §8 weak_password: 'Das Passwort ist zu schwach.' (+ the pwned hint)
 * + 'Bitte wähle ein sichereres Passwort.'
 */
function weakPasswordMessages(reasons: readonly string[]): string[] {
  const messages: string[] = [de.passwordUpdate.weak];
  if (reasons.includes('pwned')) messages.push(de.passwordUpdate.pwned);
  messages.push(de.passwordUpdate.chooseStronger);
  return messages;
}

export type LoginFailure = { kind: 'emailNotConfirmed' } | { kind: 'message'; text: string };

/** What the sign-in page shows for a failed `signInWithPassword`. */
export function loginFailure(error: unknown): LoginFailure {
  if (authErrorCode(error) === 'email_not_confirmed') return { kind: 'emailNotConfirmed' };
  if (isInvalidCredentials(error)) return { kind: 'message', text: de.auth.login.invalidCredentials };
  if (isRateLimited(error)) return { kind: 'message', text: de.auth.rateLimited };
  if (isNetworkFailure(error)) return { kind: 'message', text: de.api.network };
  return { kind: 'message', text: de.auth.login.failed };
}

/** Messages for a failed `signUp`. */
export function registerFailureMessages(error: unknown): string[] {
  const reasons = weakPasswordReasons(error);
  if (reasons) return weakPasswordMessages(reasons);
  if (isRateLimited(error)) return [de.auth.rateLimited];
  if (isNetworkFailure(error)) return [de.api.network];
  const code = authErrorCode(error);
  if (code === 'user_already_exists' || code === 'email_exists') return [de.auth.register.userExists];
  if (code === 'signup_disabled') return [de.auth.register.signupDisabled];
  if (code === 'email_address_invalid' || code === 'validation_failed') return [de.auth.invalidEmail];
  return [de.auth.register.failed];
}

type PasswordUpdateOutcome = { advance: true } | { advance: false; messages: string[] };

/**
 * PRODUCT.md §8 "Password update": weak_password stays with its messages; same_password counts as done and
 * advances; invalid_credentials; over_request_rate_limit; anything else 'Fehler beim Aktualisieren des
 * Passworts'.
 */
export function passwordUpdateOutcome(error: unknown): PasswordUpdateOutcome {
  if (!error) return { advance: true };
  const reasons = weakPasswordReasons(error);
  if (reasons) return { advance: false, messages: weakPasswordMessages(reasons) };
  const code = authErrorCode(error);
  if (code === 'same_password') return { advance: true };
  if (isInvalidCredentials(error))
    return { advance: false, messages: [de.passwordUpdate.invalidCredentials] };
  if (isRateLimited(error)) return { advance: false, messages: [de.passwordUpdate.rateLimited] };
  // The built-in auth keeps the shared demo logins' passwords (DEMO=1).
  if (code === 'demo_account_locked') return { advance: false, messages: [de.errors.DEMO_ACCOUNT_LOCKED] };
  return { advance: false, messages: [de.passwordUpdate.failed] };
}
