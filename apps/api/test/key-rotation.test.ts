import { ZListClassStudentsResponse, ZProfile } from '@app/contract';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, type CommandResult } from '../src/cli/commands';
import { userProfile } from '../src/db/schema';
import { systemContext } from '../src/domain/context';
import { EnvError, loadEnv } from '../src/env';
import { mintServiceRoleToken } from '../src/local-auth/tokens';
import { createProfileCipher } from '../src/lib/profile-crypto';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { accessToken, bearer, signIn, type SignedIn } from './helpers/tokens';

// Changing the profile key and the JWT secret of a running installation (docs/OPERATIONS.md): the previous
// one keeps working until the data and the tokens it made are gone.

const key = () => randomBytes(32).toString('base64');

function rotate(t: TestApp): Promise<CommandResult> {
  return runCommand(['profile-key', 'rotate'], {
    db: t.app.db,
    authAdmin: t.app.authAdmin,
    system: () => systemContext(t.app, t.app.log),
    demo: false,
  });
}

describe.each(drivers)('Profile key rotation on %s', (driver) => {
  const [oldKey, newKey] = [key(), key()];
  const teacherId = '6a1d4c2e-3f5b-4d7e-9a8b-0c1d2e3f4a5b';
  let database: TestDatabase;
  let classId: string;

  beforeAll(async () => {
    database = await testDatabase(driver);
    // Before: a teacher's profile and three students, all written with the old key.
    const t = await createTestApp({ database, env: { PROFILE_ENCRYPTION_KEY: oldKey } });
    try {
      const teacher = await signIn(t.app, { id: teacherId });
      await teacher.call('PUT', '/api/profile', {
        meta_data: { first_name: 'Clara', last_name: 'Schumann' },
      });
      const subject = (await teacher.call('POST', '/api/subjects', { name: 'Musik' })).json<{ id: string }>();
      classId = (
        await teacher.call('POST', '/api/classes', { name: '7c', grade: '7', subject_id: subject.id })
      ).json<{ id: string }>().id;
      const created = await teacher.call('POST', '/api/createStudents', {
        class_id: classId,
        names: ['Jürgen Weiß', 'Ayşe Çelik', 'Noah Bauer'],
      });
      expect(created.statusCode).toBe(201);
    } finally {
      await t.app.close();
    }
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  async function namesSeenBy(teacher: SignedIn) {
    const students = ZListClassStudentsResponse.parse(
      (await teacher.call('GET', `/api/classes/${classId}/students`)).json(),
    );
    const profile = ZProfile.parse(
      (await teacher.call('GET', '/api/profile')).json<{ profile: unknown }>().profile,
    );
    return {
      students: students.map((s) => `${s.first_name} ${s.last_name}`).sort(),
      teacher: profile.meta_data.first_name,
    };
  }
  const expected = { students: ['Ayşe Çelik', 'Jürgen Weiß', 'Noah Bauer'], teacher: 'Clara' };

  it('reads with the previous key meanwhile, rotates every profile, and then needs only the new key', async () => {
    const during = await createTestApp({
      database,
      env: { PROFILE_ENCRYPTION_KEY: newKey, PROFILE_ENCRYPTION_KEY_PREVIOUS: oldKey },
    });
    try {
      const teacher = await signIn(during.app, { id: teacherId });
      expect(await namesSeenBy(teacher)).toEqual(expected);

      const first = await rotate(during);
      expect(first).toEqual({
        code: 0,
        stdout:
          '4 Profile mit PROFILE_ENCRYPTION_KEY neu verschlüsselt, 0 waren es schon.\n' +
          'PROFILE_ENCRYPTION_KEY_PREVIOUS wird nicht mehr gebraucht.\n',
        stderr: '',
      });
      const rows = await during.app.db.select().from(userProfile);
      const onlyNew = createProfileCipher(Buffer.from(newKey, 'base64'));
      for (const row of rows) expect(() => onlyNew.decrypt(row.meta_data, row.user_id)).not.toThrow();

      // A second run finds nothing left to do.
      expect((await rotate(during)).stdout).toContain(
        '0 Profile mit PROFILE_ENCRYPTION_KEY neu verschlüsselt, 4 waren es schon.',
      );
    } finally {
      await during.app.close();
    }

    const after = await createTestApp({ database, env: { PROFILE_ENCRYPTION_KEY: newKey } });
    try {
      expect(await namesSeenBy(await signIn(after.app, { id: teacherId }))).toEqual(expected);
      // Without a previous key there is nothing to rotate.
      expect(await rotate(after)).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'PROFILE_ENCRYPTION_KEY_PREVIOUS ist nicht gesetzt: es gibt keinen alten Schlüssel abzulösen.\n',
      });
    } finally {
      await after.app.close();
    }
  });

  it('leaves a profile that neither key reads as it is and says whose it is', async () => {
    const t = await createTestApp({
      database,
      env: { PROFILE_ENCRYPTION_KEY: newKey, PROFILE_ENCRYPTION_KEY_PREVIOUS: oldKey },
    });
    try {
      const stranger = await signIn(t.app);
      const foreign = createProfileCipher(Buffer.from(key(), 'base64')).encrypt('{}', stranger.id);
      await t.app.db
        .insert(userProfile)
        .values({ user_id: stranger.id, meta_data: foreign, created_by: stranger.id });

      const result = await rotate(t);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe(
        '0 Profile mit PROFILE_ENCRYPTION_KEY neu verschlüsselt, 4 waren es schon.\n',
      );
      expect(result.stderr).toContain(`1 Profile ließen sich mit keinem der beiden Schlüssel lesen`);
      expect(result.stderr).toContain(stranger.id);
      const [row] = await t.app.db.select().from(userProfile).where(eq(userProfile.user_id, stranger.id));
      expect(row!.meta_data).toBe(foreign);
    } finally {
      await t.app.close();
    }
  });

  it('checks PROFILE_ENCRYPTION_KEY_PREVIOUS like the key itself', () => {
    expect(() => loadEnv({ PROFILE_ENCRYPTION_KEY_PREVIOUS: 'zu-kurz' })).toThrow(EnvError);
    expect(loadEnv({ PROFILE_ENCRYPTION_KEY_PREVIOUS: oldKey }).PROFILE_ENCRYPTION_KEY_PREVIOUS).toBe(oldKey);
  });
});

describe('JWT secret rotation', () => {
  const [oldSecret, newSecret] = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  /** A teacher's access token and a service-role token, both signed with `secret`. */
  async function tokensSignedWith(t: TestApp, secret: string) {
    const { token } = await accessToken(
      t.app,
      { role: 'teacher' },
      { secret: new TextEncoder().encode(secret) },
    );
    const service = await mintServiceRoleToken({ ...t.app.config, JWT_SECRET: secret });
    return { token, service };
  }
  async function statuses(t: TestApp, tokens: { token: string; service: string }) {
    const api = await t.app.inject({ method: 'GET', url: '/api/subjects', headers: bearer(tokens.token) });
    const admin = await t.app.inject({
      method: 'GET',
      url: '/auth/v1/admin/users',
      headers: bearer(tokens.service),
    });
    return [api.statusCode, admin.statusCode];
  }

  it('accepts tokens of JWT_SECRET_PREVIOUS until it is removed, and signs only with JWT_SECRET', async () => {
    const during = await createTestApp({
      database,
      env: { JWT_SECRET: newSecret, JWT_SECRET_PREVIOUS: oldSecret },
    });
    try {
      expect(await statuses(during, await tokensSignedWith(during, oldSecret))).toEqual([200, 200]);
      expect(await statuses(during, await tokensSignedWith(during, newSecret))).toEqual([200, 200]);
      const forged = await tokensSignedWith(during, randomBytes(32).toString('hex'));
      expect(await statuses(during, forged)).toEqual([401, 403]);
    } finally {
      await during.app.close();
    }
    const after = await createTestApp({ database, env: { JWT_SECRET: newSecret } });
    try {
      expect(await statuses(after, await tokensSignedWith(after, oldSecret))).toEqual([401, 403]);
      expect(await statuses(after, await tokensSignedWith(after, newSecret))).toEqual([200, 200]);
    } finally {
      await after.app.close();
    }
  });
});
