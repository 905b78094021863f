import { JOIN_TOKEN_LENGTH } from '@app/contract';

/** A join token in two groups for reading aloud and typing (`ABCDEFGHJK` → `ABCDE-FGHJK`). */
export function formatJoinToken(token: string): string {
  if (token.length !== JOIN_TOKEN_LENGTH) return token;
  const half = JOIN_TOKEN_LENGTH / 2;
  return `${token.slice(0, half)}-${token.slice(half)}`;
}

/** The link a join QR code carries: `/joinClass?token=…` on the app's public origin. */
export function joinClassUrl(publicUrl: string, token: string): string {
  const url = new URL('/joinClass', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
