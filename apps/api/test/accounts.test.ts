import { ZAdminListUsersResponse, ZAdminUserRolesResponse, ZApiError } from '@app/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/domain/demo';
import { grantRole, rolesOf } from '../src/domain/accounts/roles';
import { classes, subjects, tasks, userProfile, userRoles } from '../src/db/schema';
import { apiRoot } from '../src/paths';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { accessToken, bearer } from './helpers/tokens';

const PASSWORD = 'Klassen2026Zimmer';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@schule.example`;

describe.each(drivers)('Accounts, roles and admin on %s', (driver) => {
  let t: TestApp;
  let adminId: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { DEMO: '1' } });
    const admin = await t.app.authAdmin.createUser({ email: uniqueEmail('it'), password: PASSWORD });
    await grantRole(t.app.db, admin.id, 'organization_member', null);
    adminId = admin.id;
    adminToken = (await accessToken(t.app, { id: admin.id, role: 'organization_member' })).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

  it('seeds the demo accounts with their roles and signs into the demo teacher', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = await t.app.authAdmin.getUserByEmail(account.email);
      expect(user, account.email).not.toBeNull();
      expect(await rolesOf(t.app.db, user!.id)).toEqual([account.role]);
    }
    expect(t.logs.some((l) => String(l.msg).includes(DEMO_ACCOUNTS[0]!.password))).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/demo/session' });
    expect(res.statusCode).toBe(200);
    const session = res.json<{ access_token: string; refresh_token: string }>();
    expect(decodeJwt(session.access_token)).toMatchObject({
      email: DEMO_ACCOUNTS[0]!.email,
      user_role: 'teacher',
    });
    expect(session.refresh_token).toBeTruthy();
  });

  it('lists users with their roles for an organization member', async () => {
    const res = await asAdmin('GET', '/api/admin/getAll');
    expect(res.statusCode).toBe(200);
    const { users } = ZAdminListUsersResponse.parse(res.json());
    expect(users.find((u) => u.id === adminId)?.roles).toEqual(['organization_member']);
    expect(users.find((u) => u.email === DEMO_ACCOUNTS[0]!.email)?.roles).toEqual(['teacher']);
  });

  it('grants and revokes roles, but not the own admin role', async () => {
    const user = await t.app.authAdmin.createUser({ email: uniqueEmail('lehrer'), password: PASSWORD });
    const granted = await asAdmin('POST', '/api/admin/addUserRole', { user_id: user.id, role: 'teacher' });
    expect(ZAdminUserRolesResponse.parse(granted.json()).roles).toEqual(['teacher']);
    const listed = await asAdmin('GET', `/api/admin/getUserRoles?user_id=${user.id}`);
    expect(listed.json()).toEqual({ user_id: user.id, roles: ['teacher'] });
    const revoked = await asAdmin('POST', '/api/admin/removeUserRole', { user_id: user.id, role: 'teacher' });
    expect(revoked.json()).toEqual({ user_id: user.id, roles: [] });

    const own = await asAdmin('POST', '/api/admin/removeUserRole', {
      user_id: adminId,
      role: 'organization_member',
    });
    expect(own.statusCode).toBe(409);
    expect(ZApiError.parse(own.json()).error.code).toBe('CANNOT_REMOVE_OWN_ADMIN');

    const unknown = await asAdmin('POST', '/api/admin/addUserRole', {
      user_id: '00000000-0000-4000-8000-000000000000',
      role: 'teacher',
    });
    expect(unknown.statusCode).toBe(404);
    expect(ZApiError.parse(unknown.json()).error.message).toBe('Benutzer nicht gefunden');
  });

  it('sends a reset mail to the outbox', async () => {
    const user = await t.app.authAdmin.createUser({ email: uniqueEmail('reset'), password: PASSWORD });
    const res = await asAdmin('POST', '/api/admin/resetPasswordEmail', { email: user.email });
    expect(res.statusCode).toBe(200);
    const outbox = readdirSync(path.join(t.app.config.DATA_DIR, 'outbox'));
    expect(outbox.some((f) => f.endsWith(`-${user.email}.eml`))).toBe(true);
    // The auth's one-mail-a-minute rule surfaces as the German 429, not as a server error.
    const again = await asAdmin('POST', '/api/admin/resetPasswordEmail', { email: user.email });
    expect(again.statusCode).toBe(429);
    expect(ZApiError.parse(again.json()).error.code).toBe('RATE_LIMITED');
  });

  it("deletes a user with everything they own and leaves others' data alone", async () => {
    const victim = await t.app.authAdmin.createUser({ email: uniqueEmail('weg'), password: PASSWORD });
    const other = await t.app.authAdmin.createUser({ email: uniqueEmail('bleibt'), password: PASSWORD });
    for (const owner of [victim.id, other.id]) {
      await grantRole(t.app.db, owner, 'teacher', null);
      const [subject] = await t.app.db
        .insert(subjects)
        .values({ name: 'Mathe', created_by: owner })
        .returning();
      const [klass] = await t.app.db
        .insert(classes)
        .values({ name: '7b', grade: '7', subject_id: subject!.id, created_by: owner })
        .returning();
      await t.app.db.insert(tasks).values({ title: 'Brüche', class_id: klass!.id, created_by: owner });
    }
    const student = await t.app.authAdmin.createUser({ email: uniqueEmail('kind'), password: PASSWORD });
    await t.app.db.insert(userProfile).values({ user_id: student.id, meta_data: 'x', created_by: victim.id });
    const self = await asAdmin('DELETE', '/api/admin/deleteUser', { user_id: adminId });
    expect(self.statusCode).toBe(409);

    const res = await asAdmin('DELETE', '/api/admin/deleteUser', { user_id: victim.id });
    expect(res.statusCode).toBe(200);
    expect(await t.app.authAdmin.getUserById(victim.id)).toBeNull();
    // The student account the teacher created goes with them.
    expect(await t.app.authAdmin.getUserById(student.id)).toBeNull();
    expect(await t.app.db.select().from(userProfile).where(eq(userProfile.user_id, student.id))).toEqual([]);
    for (const table of [subjects, classes, tasks]) {
      expect(await t.app.db.select().from(table).where(eq(table.created_by, victim.id))).toEqual([]);
      expect(await t.app.db.select().from(table).where(eq(table.created_by, other.id))).toHaveLength(1);
    }
    expect(await t.app.db.select().from(userRoles).where(eq(userRoles.user_id, victim.id))).toEqual([]);
  });

  it('lets a signed-in user without a role delete their own account', async () => {
    const user = await t.app.authAdmin.createUser({ email: uniqueEmail('selbst'), password: PASSWORD });
    await t.app.db.insert(subjects).values({ name: 'Kunst', created_by: user.id });
    const { token } = await accessToken(t.app, { id: user.id, role: null });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(await t.app.authAdmin.getUserById(user.id)).toBeNull();
    expect(await t.app.db.select().from(subjects).where(eq(subjects.created_by, user.id))).toEqual([]);
  });
});

describe('Demo switched off', () => {
  it('answers the demo login with a German 404', async () => {
    const t = await createTestApp({ env: { DEMO: '0' } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/demo/session' });
      expect(res.statusCode).toBe(404);
      expect(ZApiError.parse(res.json()).error.code).toBe('DEMO_DISABLED');
      expect(await t.app.authAdmin.getUserByEmail(DEMO_ACCOUNTS[0]!.email)).toBeNull();
    } finally {
      await t.close();
    }
  });
});

/** Runs `pnpm cli …` as an operator would (tsx on the sources), with the given environment. */
function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/cli.ts'), ...args], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DEMO: '0', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('pnpm cli role … on the embedded database', () => {
  it('hands the command to the running server, and works directly once it is stopped', async () => {
    const t = await createTestApp({ driver: 'pglite' });
    const dataEnv = { DATA_DIR: t.app.config.DATA_DIR };
    const email = uniqueEmail('wartet');
    const user = await t.app.authAdmin.createUser({ email, password: PASSWORD });
    try {
      const granted = await cli(['role', 'grant', email, 'teacher'], dataEnv);
      expect(granted.stderr).toBe('');
      expect(granted).toMatchObject({ code: 0 });
      expect(granted.stdout).toContain('Rolle teacher');
      expect(await rolesOf(t.app.db, user.id)).toEqual(['teacher']);

      const listed = await cli(['user', 'list'], dataEnv);
      expect(listed.stdout).toMatch(new RegExp(`${email}\\tteacher`));

      const unknown = await cli(['role', 'grant', 'niemand@schule.example', 'teacher'], dataEnv);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Kein Nutzer');

      const badRole = await cli(['role', 'grant', email, 'rektor'], dataEnv);
      expect(badRole.code).toBe(2);
    } finally {
      await t.app.close();
    }
    const revoked = await cli(['role', 'revoke', email, 'teacher'], dataEnv);
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.stdout).toContain('entfernt');
    await t.close();
  }, 90_000);
});
