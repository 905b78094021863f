import { ZClass, ZListClassesResponse, ZListTasksResponse, ZSubject } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers, testDatabase } from './helpers/database';
import { signIn } from './helpers/tokens';

// The list cache (ADR 011) must never show a teacher an old list: not after their own write, and not after a
// write through another API process on the same database.

async function untilLive(app: FastifyInstance) {
  for (let i = 0; i < 200 && !app.listCache.live; i++) await new Promise((r) => setTimeout(r, 10));
  expect(app.listCache.live).toBe(true);
}

describe.each(drivers)('List cache on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    await untilLive(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows every change of classes, tasks and subjects on the next read', async () => {
    const teacher = await signIn(t.app);
    const classes = async () =>
      ZListClassesResponse.parse((await teacher.call('GET', '/api/classes')).json());
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Physik' })).json());
    expect(await classes()).toEqual([]);
    const klass = ZClass.parse(
      (await teacher.call('POST', '/api/classes', { name: '8b', grade: '8', subject_id: subject.id })).json(),
    );
    expect((await classes()).map((c) => c.name)).toEqual(['8b']);
    // The write's notification reaches this process on its own connection, possibly after the read above
    // (Postgres), and then makes that entry stale. Once it has arrived, a repeated read is a cache hit.
    await expect
      .poll(async () => {
        const hitsBefore = t.app.listCache.hits;
        expect((await classes()).map((c) => c.name)).toEqual(['8b']);
        return t.app.listCache.hits - hitsBefore;
      })
      .toBe(1);

    await teacher.call('PATCH', `/api/classes/${klass.id}`, { name: '8c' });
    expect((await classes()).map((c) => c.name)).toEqual(['8c']);

    const tasks = async () =>
      ZListTasksResponse.parse((await teacher.call('GET', `/api/tasks?classId=${klass.id}`)).json());
    expect(await tasks()).toEqual([]);
    await teacher.call('POST', '/api/tasks', { class_id: klass.id, title: 'Hebelgesetz' });
    expect((await tasks()).map((x) => x.title)).toEqual(['Hebelgesetz']);

    await teacher.call('PATCH', `/api/subjects/${subject.id}`, { name: 'Physik (bilingual)' });
    const subjects = ZSubject.array().parse((await teacher.call('GET', '/api/subjects')).json());
    expect(subjects.map((s) => s.name)).toEqual(['Physik (bilingual)']);

    await teacher.call('DELETE', `/api/classes/${klass.id}`);
    expect(await classes()).toEqual([]);
    // The class's tasks went with it (cascade): the cached [ 'Hebelgesetz' ] must not come back; 404 now.
    expect((await teacher.call('GET', `/api/tasks?classId=${klass.id}`)).statusCode).toBe(404);
  });

  it('keeps each teacher to their own entries', async () => {
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    const subject = ZSubject.parse((await a.call('POST', '/api/subjects', { name: 'Kunst' })).json());
    await a.call('POST', '/api/classes', { name: '5a', grade: '5', subject_id: subject.id });
    expect(ZListClassesResponse.parse((await a.call('GET', '/api/classes')).json())).toHaveLength(1);
    expect(ZListClassesResponse.parse((await b.call('GET', '/api/classes')).json())).toEqual([]);
  });
});

describe.runIf(drivers.includes('postgres'))('List cache across API processes', () => {
  it('shows a write through one process on the next read through another', async () => {
    const database = await testDatabase('postgres');
    const silent = new Writable({ write: (_c, _e, cb) => cb() });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0', ...database.env });
    const first = await buildApp(env, { logStream: silent, controlSocket: false });
    await first.ready();
    const second = await buildApp(env, { logStream: silent, controlSocket: false });
    await second.ready();
    try {
      await untilLive(first);
      await untilLive(second);
      const viaFirst = await signIn(first);
      const viaSecond = await signIn(second, { id: viaFirst.id });
      const subject = ZSubject.parse(
        (await viaFirst.call('POST', '/api/subjects', { name: 'Chemie' })).json(),
      );
      const list = async () =>
        ZListClassesResponse.parse((await viaSecond.call('GET', '/api/classes')).json());
      expect(await list()).toEqual([]);
      expect(await list()).toEqual([]); // now cached in the second process

      await viaFirst.call('POST', '/api/classes', { name: '10a', grade: '10', subject_id: subject.id });
      // The notification travels through Postgres after the commit: give it a moment, but not forever.
      let names: string[] = [];
      for (let i = 0; i < 100 && names.length === 0; i++) {
        names = (await list()).map((c) => c.name);
        if (names.length === 0) await new Promise((r) => setTimeout(r, 10));
      }
      expect(names).toEqual(['10a']);
    } finally {
      await first.close();
      await second.close();
      await database.cleanup();
    }
  });
});
