import type { FastifyReply, FastifyRequest } from 'fastify';

// GoTrue's error contract (supabase/auth internal/api/errors.go, apierrors/errorcode.go). Clients that send
// `X-Supabase-Api-Version: 2024-01-01` (supabase-js always does) get `{ code: '<error_code>', message }`;
// older clients get `{ code: <http status>, error_code, msg }`. Weak passwords add `weak_password.reasons`.

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

/** The GoTrue error codes this implementation answers with. */
export type AuthErrorCode =
  | 'unexpected_failure'
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'bad_code_verifier'
  | 'user_banned'
  | 'email_address_invalid'
  | 'email_not_confirmed'
  | 'invalid_credentials'
  | 'same_password'
  | 'otp_expired'
  | 'weak_password'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'phone_provider_disabled'
  | 'provider_disabled'
  /** Not GoTrue's: the built-in auth refuses to change the shared demo logins' passwords (DEMO=1). */
  | 'demo_account_locked'
  | 'not_found'
  | 'method_not_allowed'
  | 'signup_disabled'
  | 'otp_disabled'
  | 'user_already_exists'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid';

/**
 * An error of the built-in auth. Shaped like supabase-js' `AuthApiError` (`status`, `code`), so callers of
 * `AuthAdmin` can treat the built-in and the Supabase-backed implementation alike (`err.code === 'email_exists'`).
 */
export class LocalAuthError extends Error {
  override readonly name = 'AuthApiError';
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    /** weak_password only: GoTrue's reasons (`length`, `characters`, `pwned`). */
    readonly reasons?: string[],
  ) {
    super(message);
  }
}

export const authError = (status: number, code: AuthErrorCode, message: string) =>
  new LocalAuthError(status, code, message);

export const badRequest = (code: AuthErrorCode, message: string) => authError(400, code, message);
export const unprocessable = (code: AuthErrorCode, message: string) => authError(422, code, message);
export const forbidden = (code: AuthErrorCode, message: string) => authError(403, code, message);
export const notFound = (code: AuthErrorCode, message: string) => authError(404, code, message);

export function isLocalAuthError(err: unknown): err is LocalAuthError {
  return err instanceof LocalAuthError;
}

/** Messages GoTrue uses for these situations; the web maps codes, not texts, to German. */
export const MESSAGES = {
  invalidLogin: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  linkInvalid: 'Email link is invalid or has expired',
  otpInvalid: 'Token has expired or is invalid',
  rateLimit: 'Request rate limit reached',
  emailRateLimit: 'Email rate limit exceeded',
  emailExists: 'A user with this email address has already been registered',
  userNotFound: 'User not found',
  unexpected: 'Unexpected failure, please check server logs for more information',
  unavailable: 'Service temporarily unavailable, please try again in a moment',
} as const;

function prefers2024(request: FastifyRequest): boolean {
  const header = request.headers[API_VERSION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION_2024;
}

/** Sends `err` in GoTrue's shape for the API version the client asked for. */
export function sendAuthError(reply: FastifyReply, err: LocalAuthError): FastifyReply {
  const weak = err.code === 'weak_password' ? { weak_password: { reasons: err.reasons ?? [] } } : {};
  const body = prefers2024(reply.request)
    ? { code: err.code, message: err.message, ...weak }
    : { code: err.status, error_code: err.code, msg: err.message, ...weak };
  return reply.code(err.status).type('application/json; charset=utf-8').send(body);
}
