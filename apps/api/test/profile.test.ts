import { ZDecryptResponse, ZEncryptResponse, ZGetProfileResponse, ZProfile } from '@app/contract';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfile } from '../src/db/schema';
import { EnvError, loadEnv } from '../src/env';
import { createProfileCipher, loadProfileKey } from '../src/lib/profile-crypto';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, signIn } from './helpers/tokens';

const meta = {
  first_name: 'Clara',
  last_name: 'Schumann',
  avatar_url: null,
  school: { bundesland: 'SN', city: 'Leipzig', schule: 'Thomasschule' },
};

describe.each(drivers)('Profiles and encryption on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t.close();
  });

  it('Encrypt and decrypt round-trip for the signed-in user only', async () => {
    const alice = await signIn(t.app);
    const bob = await signIn(t.app);
    const text = 'Geheime Notiz: Förderplan für Ümit';
    const encrypted = ZEncryptResponse.parse((await alice.call('POST', '/api/encrypt', { text })).json());
    expect(encrypted.encryptedText).not.toContain('Notiz');
    // Random IV: the same text encrypts differently each time.
    const again = ZEncryptResponse.parse((await alice.call('POST', '/api/encrypt', { text })).json());
    expect(again.encryptedText).not.toBe(encrypted.encryptedText);

    const decrypted = await alice.call('POST', '/api/decrypt', encrypted);
    expect(ZDecryptResponse.parse(decrypted.json())).toEqual({ decryptedText: text });

    const stolen = await bob.call('POST', '/api/decrypt', encrypted);
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen.json())).toMatchObject({
      code: 'DECRYPT_FAILED',
      message: 'Der Text konnte nicht entschlüsselt werden.',
    });
    const tampered =
      encrypted.encryptedText.slice(0, -2) + (encrypted.encryptedText.endsWith('A') ? 'BB' : 'AA');
    expect(errorOf((await alice.call('POST', '/api/decrypt', { encryptedText: tampered })).json()).code).toBe(
      'DECRYPT_FAILED',
    );
    expect(
      errorOf((await alice.call('POST', '/api/decrypt', { encryptedText: 'kein Chiffrat' })).json()).code,
    ).toBe('DECRYPT_FAILED');
  });

  it('A signed-in user without a role may use encrypt and their own profile', async () => {
    const waiting = await signIn(t.app, { role: null });
    expect((await waiting.call('POST', '/api/encrypt', { text: 'x' })).statusCode).toBe(200);
    expect((await waiting.call('GET', '/api/profile')).statusCode).toBe(200);
    expect((await waiting.call('GET', '/api/subjects')).statusCode).toBe(403);
  });

  it('User creates and updates their profile; the database holds only ciphertext bound to the user', async () => {
    const user = await signIn(t.app);
    expect(ZGetProfileResponse.parse((await user.call('GET', '/api/profile')).json())).toEqual({
      profile: null,
    });

    const created = await user.call('PUT', '/api/profile', {
      user_id: user.id,
      meta_data: { first_name: 'Clara', last_name: 'Schumann' },
    });
    expect(created.statusCode).toBe(200);
    const first = ZProfile.parse(created.json());
    expect(first).toMatchObject({
      user_id: user.id,
      created_by: user.id,
      meta_data: { first_name: 'Clara', last_name: 'Schumann', avatar_url: null, school: null },
    });

    const updated = ZProfile.parse((await user.call('PUT', '/api/profile', { meta_data: meta })).json());
    expect(updated.id).toBe(first.id);
    expect(updated.meta_data).toEqual(meta);
    expect(
      ZGetProfileResponse.parse((await user.call('GET', '/api/profile')).json()).profile?.meta_data,
    ).toEqual(meta);

    const [row] = await t.app.db.select().from(userProfile).where(eq(userProfile.user_id, user.id));
    expect(row!.meta_data).not.toContain('Clara');
    expect(row!.meta_data).not.toContain('Thomasschule');
    const cipher = createProfileCipher(loadProfileKey(t.app.config));
    expect(JSON.parse(cipher.decrypt(row!.meta_data, user.id))).toEqual(meta);
    expect(() => cipher.decrypt(row!.meta_data, '00000000-0000-4000-8000-000000000000')).toThrow();

    // The key was generated into DATA_DIR with owner-only permissions.
    const mode = (await stat(path.join(t.app.config.DATA_DIR, 'profile-key'))).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('A profile for another user id is refused with the spec message', async () => {
    const user = await signIn(t.app);
    const other = await signIn(t.app);
    const res = await user.call('PUT', '/api/profile', {
      user_id: other.id,
      meta_data: { first_name: 'Fremd', last_name: 'Person' },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.json())).toMatchObject({
      code: 'PROFILE_FOR_OTHER_USER',
      message: 'Unauthorized: Cannot create profile for another user',
    });
    expect(ZGetProfileResponse.parse((await other.call('GET', '/api/profile')).json()).profile).toBeNull();

    const short = await user.call('PUT', '/api/profile', { meta_data: { first_name: 'C', last_name: 'S' } });
    expect(short.statusCode).toBe(400);
    const messages = (errorOf(short.json()).details as Array<{ message: string }>).map((d) => d.message);
    expect(messages).toEqual([
      'Der Vorname muss mindestens 2 Zeichen lang sein',
      'Der Nachname muss mindestens 2 Zeichen lang sein',
    ]);
  });
});

describe('Profile key', () => {
  it('PROFILE_ENCRYPTION_KEY must be 32 bytes in base64', () => {
    expect(() => loadEnv({ PROFILE_ENCRYPTION_KEY: 'zu-kurz' })).toThrow(EnvError);
    const err = (() => {
      try {
        loadEnv({ PROFILE_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') });
      } catch (e) {
        return e as EnvError;
      }
    })();
    expect(err?.variables).toEqual(['PROFILE_ENCRYPTION_KEY']);
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(loadEnv({ PROFILE_ENCRYPTION_KEY: key }).PROFILE_ENCRYPTION_KEY).toBe(key);
    expect(loadEnv({ PROFILE_ENCRYPTION_KEY: '' }).PROFILE_ENCRYPTION_KEY).toBeUndefined();
  });

  it('comes from PROFILE_ENCRYPTION_KEY when set, else from DATA_DIR/profile-key, generated once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kz-key-'));
    try {
      const generated = loadProfileKey({ DATA_DIR: dir, PROFILE_ENCRYPTION_KEY: undefined });
      expect(generated).toHaveLength(32);
      expect(loadProfileKey({ DATA_DIR: dir, PROFILE_ENCRYPTION_KEY: undefined })).toEqual(generated);
      const configured = Buffer.alloc(32, 7);
      expect(
        loadProfileKey({ DATA_DIR: dir, PROFILE_ENCRYPTION_KEY: configured.toString('base64') }),
      ).toEqual(configured);
      const a = createProfileCipher(generated);
      const b = createProfileCipher(configured);
      expect(() => b.decrypt(a.encrypt('x', 'u'), 'u')).toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
