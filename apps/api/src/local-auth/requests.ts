import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestMeta } from './context';
import { badRequest } from './errors';

// Request bodies of /auth/v1. Loose on purpose: unknown fields (gotrue_meta_security, captcha …) are ignored
// and null means absent, as Go's JSON decoding into GoTrue's param structs does. A wrong type is GoTrue's
// 400 bad_json.

const str = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const bool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);
const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? undefined);
const pkce = { code_challenge: str, code_challenge_method: str };

export const ZSignup = z.object({ email: str, phone: str, password: str, data: metadata, ...pkce });
export const ZPasswordGrant = z.object({ email: str, phone: str, password: str });
export const ZRefreshGrant = z.object({ refresh_token: str });
export const ZPkceGrant = z.object({ auth_code: str, code_verifier: str });
export const ZVerify = z.object({ type: str, token: str, token_hash: str, email: str, phone: str });
export const ZResend = z.object({ type: str, email: str, phone: str, ...pkce });
export const ZRecover = z.object({ email: str, ...pkce });
export const ZOtp = z.object({ email: str, phone: str, create_user: bool, data: metadata, ...pkce });
export const ZUpdateUser = z.object({ email: str, phone: str, password: str, nonce: str, data: metadata });
export const ZAdminUser = z.object({
  email: str,
  phone: str,
  password: str,
  email_confirm: bool,
  user_metadata: metadata,
  app_metadata: metadata,
  ban_duration: str,
});
export const ZAdminDelete = z.object({ should_soft_delete: bool });
export const ZGenerateLink = z.object({
  type: str,
  email: str,
  new_email: str,
  password: str,
  data: metadata,
  redirect_to: str,
});
export const ZInvite = z.object({ email: str, data: metadata });

export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw badRequest(
    'bad_json',
    `Could not parse request body as JSON: ${where}${issue?.message ?? 'invalid'}`,
  );
}

/** The query string, one value per key (the first when repeated). */
export function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : undefined,
    ]),
  );
}

export function metaOf(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
