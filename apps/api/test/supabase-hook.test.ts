import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../src/domain/accounts/roles';
import { apiRoot } from '../src/paths';
import { drivers } from './helpers/database';
import { createTestApp, type TestApp } from './helpers/app';

// The SQL shipped for external Supabase projects, run against a real Postgres with the app's tables.
const hookSql = readFileSync(
  path.join(apiRoot, '..', '..', 'docs', 'supabase', 'custom-access-token-hook.sql'),
  'utf8',
);

describe.runIf(drivers.includes('postgres'))('Supabase custom access token hook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'postgres' });
    await t.app.db.execute(
      sql.raw(`do $$ begin
        if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin; end if;
        if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated; end if;
        if not exists (select from pg_roles where rolname = 'anon') then create role anon; end if;
      end $$;`),
    );
    await t.app.db.execute(sql.raw(hookSql));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function claimsFor(userId: string): Promise<Record<string, unknown>> {
    const event = JSON.stringify({
      user_id: userId,
      claims: { sub: userId, user_role: 'stale', aud: 'authenticated' },
    });
    const result = await t.app.db.execute<{ event: { claims: Record<string, unknown> } }>(
      sql`select public.custom_access_token_hook(${event}::jsonb) as event`,
    );
    return result.rows[0]!.event.claims;
  }

  it('puts the role into the claims and organization_member wins', async () => {
    const teacher = randomUUID();
    const both = randomUUID();
    await grantRole(t.app.db, teacher, 'teacher', null);
    await grantRole(t.app.db, both, 'teacher', null);
    await grantRole(t.app.db, both, 'organization_member', null);
    expect(await claimsFor(teacher)).toMatchObject({ user_role: 'teacher', aud: 'authenticated' });
    expect((await claimsFor(both)).user_role).toBe('organization_member');
  });

  it('removes a stale claim from a user without a role', async () => {
    const claims = await claimsFor(randomUUID());
    expect(claims).not.toHaveProperty('user_role');
    expect(claims.aud).toBe('authenticated');
  });
});
