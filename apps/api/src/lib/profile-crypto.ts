import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';
import { AppError } from './app-error';

// user_profile.meta_data and /api/encrypt + /api/decrypt (ARCHITECTURE.md §5): AES-256-GCM with the user id
// as associated data, so a ciphertext copied to another user's row (or decrypted for another user) fails.
//
// Format: `v1.` + base64url(iv ‖ tag ‖ ciphertext), 12-byte random IV, 16-byte tag. The version prefix leaves
// room for a key rotation later (v2 = next key).

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

export function createProfileCipher(key: Buffer): ProfileCipher {
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
export function profileCipher(env: Pick<Env, 'PROFILE_ENCRYPTION_KEY' | 'DATA_DIR'>): ProfileCipher {
  let cipher = ciphers.get(env);
  if (!cipher) {
    cipher = createProfileCipher(loadProfileKey(env));
    ciphers.set(env, cipher);
  }
  return cipher;
}
