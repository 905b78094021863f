import {
  FEDERAL_STATES,
  SCHOOL_LIST_LIMIT,
  SCHOOL_SEARCH_LIMIT,
  ZListSchoolsResponse,
  ZSchoolStatesResponse,
} from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDirectoryStates } from '../src/db/schema';
import {
  startFakeSchoolDirectory,
  type FakeSchoolDirectory,
} from '../../../tests/fixtures/fake-school-directory';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// The school directory (ARCHITECTURE.md §4): GET /api/schools/states and GET /api/schools?state=&q= answer
// from the server's cache of a public directory (a fake on loopback here), refreshed weekly.

const bavaria = [
  { id: 'BY-1', name: 'Gymnasium Eckental', city: 'Eckental', zip: '90542', school_type: 'Gymnasium' },
  { id: 'BY-2', name: 'Otto-von-Taube-Gymnasium', city: 'Gauting' },
  { id: 'BY-3', name: 'Städtisches Gymnasium', city: 'München' },
  { id: 'BY-4', name: 'Grundschule an der Gößweinsteiner Straße', city: 'Nürnberg' },
  { id: 'BY-5', name: 'Förderzentrum ohne Ort' },
  { id: 'BY-6', name: 'Gymnasium', city: 'Würzburg' },
  ...Array.from({ length: 45 }, (_, i) => ({
    id: `BY-G${i}`,
    name: `Grundschule ${i + 1}`,
    city: 'Augsburg',
  })),
];

const search = (who: SignedIn, query: string) => who.call('GET', `/api/schools?${query}`);
const items = (body: unknown) => ZListSchoolsResponse.parse(body).items;

async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(drivers)('School directory on %s', (driver) => {
  let fake: FakeSchoolDirectory;
  let t: TestApp;
  let teacher: SignedIn;

  beforeAll(async () => {
    fake = await startFakeSchoolDirectory({
      BY: bavaria,
      HE: [{ id: 'HE-1', name: 'Goethe-Gymnasium', city: 'Frankfurt am Main' }],
      NI: [{ id: 'NI-1', name: 'Gymnasium Andreanum', city: 'Hildesheim' }],
      SN: [{ id: 'SN-1', name: 'Kreuzschule', city: 'Dresden' }],
    });
    t = await createTestApp({ driver, env: { SCHOOL_DIRECTORY_URL: `${fake.url}/` } });
    teacher = await signIn(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const setFetchedAt = (state: string, at: ReturnType<typeof sql>) =>
    t.app.db
      .update(schoolDirectoryStates)
      .set({ fetched_at: at })
      .where(eq(schoolDirectoryStates.state, state));

  it('lists the 16 federal states with directory: true, for signed-in users only', async () => {
    const res = await teacher.call('GET', '/api/schools/states');
    expect(res.statusCode).toBe(200);
    const body = ZSchoolStatesResponse.parse(res.json());
    expect(body.directory).toBe(true);
    // The data source the UI credits: the directory's origin only.
    expect(body.source).toBe(new URL(fake.url).origin);
    expect(body.states).toHaveLength(16);
    expect(body.states).toContainEqual({ code: 'TH', name: 'Thüringen' });
    const waiting = await signIn(t.app, { role: null });
    expect((await waiting.call('GET', '/api/schools/states')).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/schools?state=BY' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('searches by name, best matches first, and fetches the state once with a limit', async () => {
    const res = await search(teacher, 'state=BY&q=gymnasium');
    expect(res.statusCode).toBe(200);
    expect(ZListSchoolsResponse.parse(res.json()).directory).toBe(true);
    expect(items(res.json()).map((s) => s.id)).toEqual(['BY-6', 'BY-1', 'BY-3', 'BY-2']);
    expect(fake.requests.BY).toBe(1);
    expect(fake.lastLimit).toBe(SCHOOL_LIST_LIMIT);
    await search(teacher, 'state=BY&q=Eckental');
    expect(fake.requests.BY).toBe(1);
  });

  it('ignores case and umlauts and searches the city too', async () => {
    for (const q of ['munchen', 'MÜNCHEN', 'Muenchen gymnasium']) {
      expect(items((await search(teacher, `state=BY&q=${encodeURIComponent(q)}`)).json())).toEqual([
        { id: 'BY-3', name: 'Städtisches Gymnasium', city: 'München' },
      ]);
    }
    const street = await search(teacher, `state=BY&q=${encodeURIComponent('goessweinsteiner strasse')}`);
    expect(items(street.json()).map((s) => s.id)).toEqual(['BY-4']);
    const nuernberg = await search(teacher, 'state=BY&q=nurnberg');
    expect(items(nuernberg.json()).map((s) => s.id)).toEqual(['BY-4']);
  });

  it('keeps schools without a city (city: null)', async () => {
    const res = await search(teacher, `state=BY&q=${encodeURIComponent('Förderzentrum')}`);
    expect(items(res.json())).toEqual([{ id: 'BY-5', name: 'Förderzentrum ohne Ort', city: null }]);
  });

  it('sends at most a few dozen suggestions', async () => {
    expect(items((await search(teacher, 'state=BY&q=grundschule')).json())).toHaveLength(SCHOOL_SEARCH_LIMIT);
    expect(items((await search(teacher, 'state=BY')).json())).toHaveLength(SCHOOL_SEARCH_LIMIT);
    expect(items((await search(teacher, 'state=BY&q=schule%2012')).json()).map((s) => s.name)).toEqual([
      'Grundschule 12',
    ]);
    expect(items((await search(teacher, 'state=BY&q=xyzzy')).json())).toEqual([]);
  });

  it('refuses a bad state or query with 400', async () => {
    for (const query of ['state=XX', '', 'state=BY&q=' + 'a'.repeat(101), 'state=BY&q=%00']) {
      const res = await search(teacher, query);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res.json()).message).toMatch(/[a-zäöü]/);
    }
  });

  it('fetches a state only once under concurrent requests', async () => {
    fake.delayMs = 200;
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => search(teacher, 'state=HE&q=goethe')),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(items(answers[5]!.json()).map((s) => s.id)).toEqual(['HE-1']);
      expect(fake.requests.HE).toBe(1);
    } finally {
      fake.delayMs = 0;
    }
  });

  it('answers 503 with a German message when the directory is down and nothing is cached', async () => {
    fake.failWith = 500;
    try {
      const res = await search(teacher, 'state=NI&q=gymnasium');
      expect(res.statusCode).toBe(503);
      expect(errorOf(res.json())).toMatchObject({
        code: 'SCHOOL_DIRECTORY_UNAVAILABLE',
        message: 'Fehler beim Laden der Schulen',
      });
      expect(res.json<{ requestId: unknown }>().requestId).toEqual(expect.any(String));
    } finally {
      fake.failWith = null;
    }
    // Back up: the next request fetches at once.
    const res = await search(teacher, 'state=NI&q=gymnasium');
    expect(res.statusCode).toBe(200);
    expect(items(res.json()).map((s) => s.id)).toEqual(['NI-1']);
  });

  it('keeps answering from the cache while the directory is down, even when the cache is old', async () => {
    expect((await search(teacher, 'state=SN&q=kreuz')).statusCode).toBe(200);
    fake.failWith = 503;
    try {
      const before = fake.requests.SN ?? 0;
      const fresh = await search(teacher, 'state=SN&q=kreuz');
      expect(items(fresh.json()).map((s) => s.id)).toEqual(['SN-1']);
      expect(fake.requests.SN).toBe(before);

      await setFetchedAt('SN', sql`now() - interval '8 days'`);
      const stale = await search(teacher, 'state=SN&q=kreuz');
      expect(stale.statusCode).toBe(200);
      expect(items(stale.json()).map((s) => s.id)).toEqual(['SN-1']);
      await until(() => fake.requests.SN === before + 1 && t.app.schoolDirectory!.refreshes.size === 0);
      // The failed refresh keeps the old schools and is not retried on every request.
      const again = await search(teacher, 'state=SN&q=kreuz');
      expect(items(again.json()).map((s) => s.id)).toEqual(['SN-1']);
      await new Promise((r) => setTimeout(r, 100));
      expect(fake.requests.SN).toBe(before + 1);
    } finally {
      fake.failWith = null;
    }
  });

  it('refreshes a state weekly in the background and answers from the cache meanwhile', async () => {
    expect((await search(teacher, 'state=BY&q=eckental')).statusCode).toBe(200);
    const before = fake.requests.BY!;
    // Ids of some states change between fetches: the new list replaces the old one.
    fake.schools.BY = [
      { id: 'BY-new-1', name: 'Gymnasium Eckental', city: 'Eckental' },
      { id: 'BY-new-2', name: 'Neue Realschule', city: 'Erlangen' },
    ];
    await setFetchedAt('BY', sql`now() - interval '6 days'`);
    await search(teacher, 'state=BY&q=eckental');
    expect(fake.requests.BY).toBe(before);

    fake.delayMs = 300;
    try {
      await setFetchedAt('BY', sql`now() - interval '8 days'`);
      const stale = await search(teacher, 'state=BY&q=eckental');
      expect(stale.statusCode).toBe(200);
      expect(items(stale.json()).map((s) => s.id)).toEqual(['BY-1']);
      await Promise.all([search(teacher, 'state=BY&q=eckental'), search(teacher, 'state=BY&q=eckental')]);
      await until(() => t.app.schoolDirectory!.refreshes.size === 0);
    } finally {
      fake.delayMs = 0;
    }
    expect(fake.requests.BY).toBe(before + 1);
    expect(items((await search(teacher, 'state=BY&q=eckental')).json()).map((s) => s.id)).toEqual([
      'BY-new-1',
    ]);
    expect(items((await search(teacher, 'state=BY&q=realschule')).json()).map((s) => s.id)).toEqual([
      'BY-new-2',
    ]);
    const [row] = await t.app.db
      .select()
      .from(schoolDirectoryStates)
      .where(eq(schoolDirectoryStates.state, 'BY'));
    expect(Date.now() - row!.fetched_at!.getTime()).toBeLessThan(60_000);
    expect(row!.refresh_started_at).toBeNull();
  });

  it('limits how often one user searches', async () => {
    const busy = await signIn(t.app);
    let status = 200;
    for (let i = 0; i < 200 && status === 200; i++) status = (await search(busy, 'state=HE&q=g')).statusCode;
    expect(status).toBe(429);
    expect((await search(teacher, 'state=HE&q=g')).statusCode).toBe(200);
  });
});

describe('School directory not configured', () => {
  let t: TestApp;
  let teacher: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    teacher = await signIn(t.app);
  });
  afterAll(() => t?.close());

  it('lists the states with directory: false and answers searches with an empty list', async () => {
    const states = ZSchoolStatesResponse.parse((await teacher.call('GET', '/api/schools/states')).json());
    expect(states.directory).toBe(false);
    expect(states.source).toBeNull();
    expect(states.states.map((s) => s.code)).toEqual(FEDERAL_STATES.map((s) => s.code));
    const res = await search(teacher, 'state=BY&q=gymnasium');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ directory: false, items: [] });
  });
});

describe('School directory while the app closes', () => {
  it('stops a running fetch and closes at once', async () => {
    const fake = await startFakeSchoolDirectory({ BW: [{ id: 'BW-1', name: 'Schule', city: 'Ulm' }] });
    try {
      const t = await createTestApp({ env: { SCHOOL_DIRECTORY_URL: fake.url } });
      const teacher = await signIn(t.app);
      fake.delayMs = 10_000;
      const pending = search(teacher, 'state=BW&q=schule');
      await until(() => fake.requests.BW === 1);
      const started = Date.now();
      await t.close();
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await pending).statusCode).toBe(503);
      // The refresh's own writes finished before the database closed.
      expect(t.logs.filter((l) => String(l.msg).includes('nicht gespeichert'))).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
