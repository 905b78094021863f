import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';
import { AppError } from './app-error';

// user_profile.meta_data and /api/encrypt + /api/decrypt (ARCHITECTURE.md §5): AES-256-GCM with the user id
// as associated data, so a ciphertext copied to another user's row (or decrypted for another user) fails.
//
// Format: `v1.` + base64url(iv ‖ tag ‖ ciphertext), 12-byte random IV, 16-byte tag. A key rotation
// (docs/OPERATIONS.md) keeps the format: PROFILE_ENCRYPTION_KEY_PREVIOUS still decrypts, whose texts
// `pnpm cli profile-key rotate` encrypts again with the current key (domain/profiles/key-rotation.ts).

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'profile-key';

export interface ProfileCipher {
  encrypt(plaintext: string, userId: string): string;
  /** Throws AppError DECRYPT_FAILED for anything that is not a ciphertext of this key for this user. */
  decrypt(ciphertext: string, userId: string): string;
}

/**
 * The key: PROFILE_ENCRYPTION_KEY when set, otherwise one generated on first start and kept in
 * DATA_DIR/profile-key (mode 0600), as auth/secret.ts does for the JWT secret.
 */
export function loadProfileKey(env: Pick<Env, 'PROFILE_ENCRYPTION_KEY' | 'DATA_DIR'>): Buffer {
  if (env.PROFILE_ENCRYPTION_KEY) return Buffer.from(env.PROFILE_ENCRYPTION_KEY, 'base64');
  const file = path.join(env.DATA_DIR, KEY_FILE);
  let encoded: string;
  try {
    encoded = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    encoded = randomBytes(32).toString('base64');
    try {
      writeFileSync(file, encoded, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process wrote it first: use theirs.
      encoded = readFileSync(file, 'utf8').trim();
    }
  }
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== 32) throw new Error(`${file} enthält keinen 32-Byte-Schlüssel (Base64).`);
  return key;
}

/** PROFILE_ENCRYPTION_KEY_PREVIOUS: the key before a rotation, still accepted for decrypting. */
export function loadPreviousProfileKey(env: Pick<Env, 'PROFILE_ENCRYPTION_KEY_PREVIOUS'>): Buffer | null {
  return env.PROFILE_ENCRYPTION_KEY_PREVIOUS
    ? Buffer.from(env.PROFILE_ENCRYPTION_KEY_PREVIOUS, 'base64')
    : null;
}

/** Encrypts with `key`; decrypts with `key`, else with each of `previous` (GCM's tag tells the right one). */
export function createProfileCipher(key: Buffer, previous: readonly Buffer[] = []): ProfileCipher {
  const current = singleKeyCipher(key);
  const fallbacks = previous.map(singleKeyCipher);
  return {
    encrypt: (plaintext, userId) => current.encrypt(plaintext, userId),
    decrypt(ciphertext, userId) {
      try {
        return current.decrypt(ciphertext, userId);
      } catch (err) {
        for (const cipher of fallbacks) {
          try {
            return cipher.decrypt(ciphertext, userId);
          } catch {
            // not this one either
          }
        }
        throw err;
      }
    },
  };
}

function singleKeyCipher(key: Buffer): ProfileCipher {
  if (key.length !== 32) throw new Error('AES-256-GCM braucht einen 32-Byte-Schlüssel');
  return {
    encrypt(plaintext, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    decrypt(ciphertext, userId) {
      if (!ciphertext.startsWith(VERSION)) throw new AppError('DECRYPT_FAILED');
      const raw = Buffer.from(ciphertext.slice(VERSION.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new AppError('DECRYPT_FAILED');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(userId, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch (err) {
        throw new AppError('DECRYPT_FAILED', undefined, { cause: err });
      }
    },
  };
}

// One cipher per configuration object (the app's `config`), so the key file is read once per app.
const ciphers = new WeakMap<object, ProfileCipher>();

/** The profile cipher of this app's configuration. */
export function profileCipher(
  env: Pick<Env, 'PROFILE_ENCRYPTION_KEY' | 'PROFILE_ENCRYPTION_KEY_PREVIOUS' | 'DATA_DIR'>,
): ProfileCipher {
  let cipher = ciphers.get(env);
  if (!cipher) {
    const previous = loadPreviousProfileKey(env);
    cipher = createProfileCipher(loadProfileKey(env), previous ? [previous] : []);
    ciphers.set(env, cipher);
  }
  return cipher;
}
