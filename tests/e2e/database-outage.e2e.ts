import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../apps/api/test/helpers/postgres-cluster';
import { launchBrowser, openPage } from './helpers/browser';
import { MOBILE } from './helpers/bundle';
import { photo } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * A database outage while a student hands in (ADR 004): the built server runs on a PostgreSQL cluster of the
 * test's own, which is stopped after the page has loaded. The page says it is trying again, sends the photo
 * again by itself once the database is back, and the teacher has it exactly once.
 */
describe('Handing in while the database is stopped', () => {
  let cluster: PostgresCluster;
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let token: string;
  let taskId: string;

  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(origin + url, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    server = await startServer({ env: { DATABASE_URL: cluster.url } });
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    const session = await fetch(`${origin}/api/demo/session`, { method: 'POST' });
    token = ((await session.json()) as { access_token: string }).access_token;
    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: 'Mathe' });
    const cls = await api<{ id: string }>('POST', '/api/classes', {
      name: '7e',
      grade: '7',
      subject_id: subject.id,
    });
    await api('POST', '/api/createStudents', { class_id: cls.id, names: ['Greta Gans', 'Max Maier'] });
    const task = await api<{ id: string }>('POST', '/api/tasks', {
      title: 'Brüche kürzen',
      class_id: cls.id,
      status: 'published',
    });
    taskId = task.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
    await cluster?.remove();
  });

  it('says it tries again, and the photo lands once when the database is back', async () => {
    const { page } = await openPage(browser, MOBILE);
    await page.goto(`${origin}/submit/${taskId}`);
    await page.locator('main.ssr').waitFor({ state: 'detached' });
    await page.getByLabel('Wähle deinen Namen').selectOption({ label: 'Greta G.' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Dateien auswählen' }).click(),
    ]);
    await chooser.setFiles([
      { name: 'seite1.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 600, 1) },
    ]);
    await expect.poll(() => page.getByText('Bereit zum Hochladen').count()).toBe(1);

    await cluster.stop();
    const stoppedAt = Date.now();
    await page.getByRole('button', { name: '1 Datei abgeben' }).click();
    const notice = page.getByText('Der Server ist gerade nicht erreichbar – wird gleich erneut versucht …');
    await notice.waitFor({ timeout: 15_000 });
    console.log(`retry notice after ${Date.now() - stoppedAt} ms of outage`);

    // A few seconds of outage, then the database is back and the page sends the photo again by itself.
    await page.waitForTimeout(Math.max(0, 4000 - (Date.now() - stoppedAt)));
    await cluster.start();
    const restartedAt = Date.now();
    await page.getByRole('region', { name: 'Abgabe erhalten' }).waitFor({ timeout: 60_000 });
    console.log(`receipt ${Date.now() - restartedAt} ms after the restart`);
    await expect.poll(() => notice.count()).toBe(0);

    const { files } = await api<{ files: Array<{ original_name: string }> }>(
      'GET',
      `/api/submissions/studentupload/${taskId}`,
    );
    expect(files.map((f) => f.original_name)).toEqual(['seite1.jpg']);
    await page.context().close();
  });
});
