import { JOIN_TOKEN_ALPHABET, JOIN_TOKEN_LENGTH } from '@app/contract';
import { randomInt } from 'node:crypto';

/**
 * A fresh class join token (ADR 006): JOIN_TOKEN_LENGTH characters drawn uniformly (crypto randomInt) from
 * the contract's unambiguous alphabet: 31^10 ≈ 8·10^14 values, not guessable at the API's rate limits.
 */
export function newJoinToken(): string {
  let token = '';
  for (let i = 0; i < JOIN_TOKEN_LENGTH; i++)
    token += JOIN_TOKEN_ALPHABET[randomInt(JOIN_TOKEN_ALPHABET.length)];
  return token;
}
