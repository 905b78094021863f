import { ZAdminCoinsResponse, ZListNotificationsResponse } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../src/domain/accounts/roles';
import { chargeCoins, coinBalance, grantCoins, refundCoins } from '../src/domain/coins';
import { coinLedger } from '../src/db/schema';
import { notify } from '../src/domain/notifications';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// Notifications (PRODUCT.md §7) and coins (ARCHITECTURE.md §5, ADR 009) through the API against a real
// database.

const START = 7;
let counter = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@schule.example`;

describe.each(drivers)('Notifications and coins on %s', (driver) => {
  let t: TestApp;
  let teacher: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;

  /** A real account with a role, signed in. */
  async function user(role: 'teacher' | 'organization_member') {
    const created = await t.app.authAdmin.createUser({ email: email(role), password: 'Klassen2026Zimmer' });
    await grantRole(t.app.db, created.id, role, null);
    return signIn(t.app, { id: created.id, role });
  }

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { AI_START_COINS: String(START) } });
    teacher = await user('teacher');
    other = await user('teacher');
    admin = await user('organization_member');
  });
  afterAll(() => t.close());

  const list = async (who: SignedIn) => {
    const res = await who.call('GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    return ZListNotificationsResponse.parse(res.json());
  };

  it('A new teacher sees the starting coins once and no notifications', async () => {
    const first = await list(teacher);
    expect(first).toEqual({ notifications: [], coinCount: START, unreadCount: 0 });
    expect((await list(teacher)).coinCount).toBe(START);
    const rows = await t.app.db.select().from(coinLedger).where(eq(coinLedger.user_id, teacher.id));
    expect(rows.map((r) => [r.reason, r.delta])).toEqual([['start', START]]);
  });

  it('A user without a role gets no starting coins', async () => {
    const waiting = await signIn(t.app, { role: null });
    expect(await coinBalance(t.app.db, waiting.id)).toBe(0);
  });

  it('A teacher sends a notification to themselves and reads it newest first', async () => {
    const payload = {
      type: 'info',
      title: 'Erinnerung',
      details: 'Klausur korrigieren',
      link_to: '/tasks',
      receiver_user_id: teacher.id,
    };
    const res = await teacher.call('POST', '/api/notifications', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Benachrichtigung gesendet', receiver_user_id: teacher.id });
    await notify(t.app.db, {
      receiver_user_id: teacher.id,
      type: 'feedback_done',
      title: 'Feedback fertig',
      details: '5 Abgaben korrigiert',
      link_to: null,
      created_by: null,
    });
    const { notifications, unreadCount } = await list(teacher);
    expect(notifications.map((n) => n.title)).toEqual(['Feedback fertig', 'Erinnerung']);
    expect(notifications[1]).toMatchObject({ ...payload, read_at: null });
    expect(unreadCount).toBe(2);
    // Nobody else sees them.
    expect((await list(other)).notifications).toEqual([]);
  });

  it('A teacher cannot send to another teacher; an organization member can, but not to a stranger', async () => {
    const payload = { type: 'info', title: 'Hallo', details: '', link_to: null, receiver_user_id: other.id };
    const refused = await teacher.call('POST', '/api/notifications', payload);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.json()).code).toBe('NOTIFICATION_RECEIVER_FORBIDDEN');
    expect((await list(other)).notifications).toEqual([]);

    const sent = await admin.call('POST', '/api/notifications', { ...payload, title: 'Neue Coins' });
    expect(sent.statusCode).toBe(200);
    expect((await list(other)).notifications.map((n) => n.title)).toEqual(['Neue Coins']);

    const unknown = await admin.call('POST', '/api/notifications', {
      ...payload,
      receiver_user_id: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.json()).code).toBe('USER_NOT_FOUND');
  });

  it('Bad payloads get a German 400, not a 500', async () => {
    const res = await teacher.call('POST', '/api/notifications', {
      type: '',
      title: 'x',
      details: '',
      link_to: null,
      receiver_user_id: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json()).code).toBe('VALIDATION_FAILED');
  });

  it('Marks one notification, then all, as read; another user’s id is 404', async () => {
    const { notifications } = await list(teacher);
    const one = await teacher.call('POST', '/api/notifications/read', { id: notifications[0]!.id });
    expect(one.json()).toEqual({ unreadCount: 1 });
    const after = await list(teacher);
    expect(after.notifications[0]!.read_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(after.notifications[1]!.read_at).toBeNull();

    const foreign = await other.call('POST', '/api/notifications/read', { id: notifications[1]!.id });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.json()).code).toBe('NOTIFICATION_NOT_FOUND');
    expect((await list(teacher)).unreadCount).toBe(1);

    expect((await teacher.call('POST', '/api/notifications/read', {})).json()).toEqual({ unreadCount: 0 });
  });

  it('Needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
  });

  it('An organization member grants coins; a teacher may not', async () => {
    const before = (await list(other)).coinCount;
    const granted = await admin.call('POST', '/api/admin/coins', { user_id: other.id, amount: 25 });
    expect(granted.statusCode).toBe(200);
    expect(ZAdminCoinsResponse.parse(granted.json())).toEqual({ user_id: other.id, coinCount: before + 25 });
    expect((await list(other)).coinCount).toBe(before + 25);
    const [row] = await t.app.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.user_id, other.id), eq(coinLedger.reason, 'grant')));
    expect(row).toMatchObject({ delta: 25, created_by: admin.id });

    // The receiver is told on the bell.
    expect((await list(other)).notifications[0]).toMatchObject({
      type: 'coins_granted',
      title: 'Du hast 25 Coins erhalten',
      details: `Dein KI-Guthaben beträgt jetzt ${before + 25} Coins.`,
      read_at: null,
    });

    const read = await admin.call('GET', `/api/admin/coins?user_id=${other.id}`);
    expect(read.json()).toEqual({ user_id: other.id, coinCount: before + 25 });

    const refused = await teacher.call('POST', '/api/admin/coins', { user_id: teacher.id, amount: 1000 });
    expect(refused.statusCode).toBe(403);
    const zero = await admin.call('POST', '/api/admin/coins', { user_id: other.id, amount: 0 });
    expect(zero.statusCode).toBe(400);
    const stranger = await admin.call('POST', '/api/admin/coins', {
      user_id: crypto.randomUUID(),
      amount: 5,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('Charges stop at the balance and book nothing when it is too low', async () => {
    const fresh = await user('teacher');
    expect(
      await chargeCoins(t.app.db, { userId: fresh.id, amount: 5, reason: 'ai_job', reference: 'job-a' }),
    ).toBe(true);
    expect(await coinBalance(t.app.db, fresh.id)).toBe(START - 5);
    expect(
      await chargeCoins(t.app.db, { userId: fresh.id, amount: 3, reason: 'ai_job', reference: 'job-b' }),
    ).toBe(false);
    expect(await coinBalance(t.app.db, fresh.id)).toBe(START - 5);
    const rows = await t.app.db.select().from(coinLedger).where(eq(coinLedger.user_id, fresh.id));
    expect(rows).toHaveLength(2);
  });

  it('A refund is idempotent per reference and never more than was charged', async () => {
    const fresh = await user('teacher');
    await chargeCoins(t.app.db, { userId: fresh.id, amount: 4, reason: 'ai_job', reference: 'job-r' });
    expect(await refundCoins(t.app.db, { userId: fresh.id, amount: 10, reference: 'job-r' })).toBe(true);
    expect(await refundCoins(t.app.db, { userId: fresh.id, amount: 4, reference: 'job-r' })).toBe(false);
    expect(await refundCoins(t.app.db, { userId: fresh.id, amount: 4, reference: 'never-charged' })).toBe(
      false,
    );
    expect(await coinBalance(t.app.db, fresh.id)).toBe(START);
  });

  it('Concurrent charges never spend more than the balance', async () => {
    const fresh = await user('teacher');
    await grantCoins(t.app.db, { userId: fresh.id, amount: 3, by: null });
    const balance = START + 3;
    const results = await Promise.all(
      Array.from({ length: balance + 5 }, (_, i) =>
        chargeCoins(t.app.db, { userId: fresh.id, amount: 1, reason: 'ai_job', reference: `c${i}` }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(balance);
    expect(await coinBalance(t.app.db, fresh.id)).toBe(0);
  });

  it('Charges inside a caller’s transaction roll back with it', async () => {
    const fresh = await user('teacher');
    await coinBalance(t.app.db, fresh.id);
    await expect(
      t.app.db.transaction(async (tx) => {
        expect(
          await chargeCoins(tx, { userId: fresh.id, amount: 2, reason: 'ai_job', reference: 'tx' }),
        ).toBe(true);
        throw new Error('job enqueue failed');
      }),
    ).rejects.toThrow('job enqueue failed');
    expect(await coinBalance(t.app.db, fresh.id)).toBe(START);
  });
});
