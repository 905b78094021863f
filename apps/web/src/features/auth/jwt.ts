import { isPermittedRole, type UserRole } from '@app/contract';

/**
 * The payload of a JWT, decoded without verifying the signature. The browser only reads claims to decide
 * what to show; the API verifies every token it receives.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The access token's `user_role` claim when it is a permitted role (PRODUCT.md §3, §6); otherwise null. */
export function roleFromAccessToken(token: string | null | undefined): UserRole | null {
  if (!token) return null;
  const role = decodeJwtPayload(token)?.user_role;
  return isPermittedRole(role) ? role : null;
}
