import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, submissions } from '../src/db/schema';
import { notify } from '../src/domain/notifications';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, until } from './helpers/classroom';
import { drivers } from './helpers/database';
import { connect, type Stream } from './helpers/sse';
import { signIn, type SignedIn } from './helpers/tokens';

// Realtime: GET /api/events streams the change events of the caller's own rows (server-sent
// events), fed by the database's LISTEN/NOTIFY. Tested over real HTTP: inject() waits for a response's end.

describe.each(drivers)('Realtime events on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let alice: SignedIn;
  let bob: SignedIn;
  const open: Stream[] = [];
  const listen = async (who: SignedIn) => {
    const stream = await connect(`${base}/api/events`, { authorization: `Bearer ${who.token}` });
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp({ driver });
    base = await baseUrlOf(t.app);
    alice = await signIn(t.app);
    bob = await signIn(t.app);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  it('Two teachers connected: each receives the changes of their own rows only', async () => {
    const a = await listen(alice);
    const b = await listen(bob);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await until(() => t.app.realtime.size >= 2, 3000, 'both subscriptions');

    const room = await classroom(t.app, alice, { students: 1 });
    const submissionId = room.submissionIds[0]!;
    await until(
      () => a.events.some((e) => e.table === 'submission_files' && e.eventType === 'INSERT'),
      5000,
      'the file event',
    );
    const created = a.events.find((e) => e.table === 'submissions' && e.eventType === 'INSERT')!;
    expect(created).toMatchObject({ schema: 'public', errors: null, old: {} });
    expect(created.new).toMatchObject({ id: submissionId, task_id: room.task.id });

    await t.app.db.update(submissions).set({ status: 'inKorrektur' }).where(eq(submissions.id, submissionId));
    await until(
      () =>
        a.events.some(
          (e) => e.table === 'submissions' && e.eventType === 'UPDATE' && e.new.status === 'inKorrektur',
        ),
      5000,
      'the status event',
    );
    const update = a.events.find((e) => e.eventType === 'UPDATE' && e.new.status === 'inKorrektur')!;
    expect(update.old).toEqual({ id: submissionId });

    await notify(t.app.db, {
      receiver_user_id: bob.id,
      type: 'info',
      title: 'Für Bob',
      details: '',
      link_to: null,
      created_by: null,
    });
    await until(() => b.events.some((e) => e.table === 'notifications'), 5000, 'Bob’s notification');
    expect(b.events.find((e) => e.table === 'notifications')!.new).toMatchObject({
      title: 'Für Bob',
      type: 'info',
    });
    // Nothing of Alice's reached Bob, nothing of Bob's reached Alice.
    expect(b.events.every((e) => e.table === 'notifications')).toBe(true);
    expect(b.events.some((e) => JSON.stringify(e).includes(submissionId))).toBe(false);
    expect(a.events.some((e) => e.table === 'notifications')).toBe(false);

    const [row] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.receiver_user_id, bob.id));
    await t.app.db.delete(notifications).where(eq(notifications.id, row!.id));
    await until(() => b.events.some((e) => e.eventType === 'DELETE'), 5000, 'the delete event');
    expect(b.events.find((e) => e.eventType === 'DELETE')).toMatchObject({ new: {}, old: { id: row!.id } });
    a.close();
    b.close();
  });

  it('A row with a very long text is stored and announced within NOTIFY’s 8000-byte limit', async () => {
    const stream = await listen(alice);
    const title = `Sehr lang ${'ä'.repeat(9000)}`;
    const res = await alice.call('POST', '/api/notifications', {
      receiver_user_id: alice.id,
      type: 'info',
      title,
      details: '',
      link_to: null,
    });
    expect(res.statusCode).toBe(200);
    await until(() => stream.events.some((e) => e.table === 'notifications'), 5000, 'the event');
    const event = stream.events.find((e) => e.table === 'notifications')!;
    // The list columns are shortened; the client fetches the full row through the REST API.
    expect(String(event.new.title).length).toBeLessThanOrEqual(200);
    expect(title.startsWith(String(event.new.title))).toBe(true);
    const [row] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, String(event.new.id)));
    expect(row!.title).toBe(title);
    stream.close();
  });

  it('The session cookie authenticates the stream (EventSource sends no headers); no session is 401', async () => {
    const session = Buffer.from(JSON.stringify({ access_token: alice.token })).toString('base64url');
    const stream = await connect(`${base}/api/events`, {
      cookie: `sb-klassenzimmer-auth-token=base64-${session}`,
    });
    open.push(stream);
    expect(stream.status).toBe(200);
    await until(() => stream.raw.some((block) => block.includes(': verbunden')), 3000, 'the greeting');
    stream.close();

    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('A disconnected browser’s subscription is removed', async () => {
    await until(() => t.app.realtime.size === 0, 3000, 'earlier streams to be gone');
    const stream = await listen(alice);
    await until(() => t.app.realtime.size === 1, 3000, 'the subscription');
    stream.close();
    await until(() => t.app.realtime.size === 0, 3000, 'the cleanup');
  });

  it('Closing the server ends open streams instead of waiting for them', async () => {
    const other = await createTestApp({ driver });
    const url = await baseUrlOf(other.app);
    const teacher = await signIn(other.app);
    const stream = await connect(`${url}/api/events`, { authorization: `Bearer ${teacher.token}` });
    open.push(stream);
    expect(stream.status).toBe(200);
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
