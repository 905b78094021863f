import { ZAdminStatsResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../src/domain/accounts/roles';
import { chargeCoins, refundCoins } from '../src/domain/coins';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, photo } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// The developer pages' API (PRODUCT.md §2 /dev/stats, /dev/ocr-test): organization members only.

let counter = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@schule.example`;

describe.each(drivers)('Developer figures and OCR test on %s', (driver) => {
  let t: TestApp;
  let teacher: SignedIn;
  let admin: SignedIn;

  async function user(role: 'teacher' | 'organization_member') {
    const created = await t.app.authAdmin.createUser({ email: email(role), password: 'Klassen2026Zimmer' });
    await grantRole(t.app.db, created.id, role, null);
    return signIn(t.app, { id: created.id, role });
  }

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { AI_START_COINS: '10' } });
    teacher = await user('teacher');
    admin = await user('organization_member');
  });
  afterAll(() => t.close());

  it('counts users, classes, tasks, submissions by status and the coins spent', async () => {
    const before = ZAdminStatsResponse.parse((await admin.call('GET', '/api/admin/stats')).json());
    await classroom(t.app, teacher, { students: 3 });
    await chargeCoins(t.app.db, { userId: teacher.id, amount: 4, reason: 'ai_job', reference: 'job:a' });
    await chargeCoins(t.app.db, { userId: teacher.id, amount: 2, reason: 'ai_job', reference: 'job:b' });
    await refundCoins(t.app.db, { userId: teacher.id, amount: 2, reference: 'job:b' });

    const res = await admin.call('GET', '/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const after = ZAdminStatsResponse.parse(res.json());
    expect(after.counts.users).toBeGreaterThanOrEqual(2);
    expect(after.counts.classes - before.counts.classes).toBe(1);
    expect(after.counts.tasks - before.counts.tasks).toBe(1);
    const sum = (byStatus: Record<string, number>) => Object.values(byStatus).reduce((a, b) => a + b, 0);
    expect(sum(after.submissions) - sum(before.submissions)).toBe(3);
    expect(Object.keys(after.submissions)).toEqual(
      expect.arrayContaining(['offen', 'abgegeben', 'inKorrektur', 'korrigiert', 'ausgeteilt', 'error']),
    );
    expect(after.coinsSpent - before.coinsSpent).toBe(4);
    // Without an AI provider the queue starts on first use only, and the page does not start it.
    expect(after.queues).toBeNull();

    // Once it runs (here: as the first PDF export starts it), its queues are listed.
    await t.app.startJobs();
    const running = ZAdminStatsResponse.parse((await admin.call('GET', '/api/admin/stats')).json());
    expect(running.queues?.length).toBeGreaterThan(0);
    expect(running.queues?.every((q) => q.failed === 0 && q.queued >= 0)).toBe(true);
  });

  it('refuses teachers', async () => {
    expect((await teacher.call('GET', '/api/admin/stats')).statusCode).toBe(403);
    const data = (await photo(1)).toString('base64');
    expect((await teacher.call('POST', '/api/admin/ocr', { mime: 'image/jpeg', data })).statusCode).toBe(403);
  });

  it('answers the OCR test without an AI provider with the German notice, and bad input with 400', async () => {
    const data = (await photo(2)).toString('base64');
    const res = await admin.call('POST', '/api/admin/ocr', { mime: 'image/jpeg', data });
    expect([res.statusCode, errorOf(res.json()).code]).toEqual([503, 'AI_NOT_CONFIGURED']);
    const bad = await admin.call('POST', '/api/admin/ocr', { mime: 'application/pdf', data });
    expect(bad.statusCode).toBe(400);
  });
});
