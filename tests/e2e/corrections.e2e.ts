import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../fixtures/fake-ai-control';
import { startFakeOpenAi } from '../fixtures/fake-openai';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * AI feedback for a class in real Chromium against the built app and the fake OpenAI-compatible
 * endpoint (answers after 1.5 s): the teacher clicks "KI-Korrektur für alle", sees the progress, and the
 * rows turn 'Korrigiert' live (server-sent events; the list's 5 s poll is too slow for the check below).
 */
describe('AI feedback for a class, live, in a real browser', () => {
  let server: RunningServer;
  let fake: FakeServer;
  let browser: Browser;
  let origin: string;
  let page: Page;
  let errors: string[];
  let taskPath = '';
  const students = ['Anna Schmidt', 'Ben Weber', 'Cem Acar', 'Dora Koch', 'Emil Braun'];

  const api = <T>(method: string, url: string, body?: unknown) => sessionApi(page)<T>(method, url, body);

  beforeAll(async () => {
    fake = await startFakeOpenAi({ delayMs: 1500 });
    server = await startServer({
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        FEEDBACK_CONCURRENCY: '2',
      },
    });
    origin = server.url;
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser));
    await signIn(page, origin, demoLogin(server, 'Demo-Lehrkraft'), '/subjects');

    // A class of five that handed in, with a rubric (set up through the API, not the subject of this test).
    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: 'Mathematik' });
    const klass = await api<{ id: string }>('POST', '/api/classes', {
      name: '7c',
      grade: '7',
      subject_id: subject.id,
    });
    const created = await api<{ students: Array<{ user_id: string }> }>('POST', '/api/createStudents', {
      class_id: klass.id,
      names: students,
    });
    const task = await api<{ id: string }>('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'Bruchrechnung',
      status: 'published',
    });
    await api('POST', `/api/tasks/${task.id}/rubric/generate/levels`, {
      skill_groups: [
        {
          name: 'Rechnen',
          skills: [
            { name: 'Hauptnenner', maxScore: 2 },
            { name: 'Ergebnis', maxScore: 1 },
          ],
        },
      ],
    });
    for (const [i, student] of created.students.entries()) {
      const raw = Buffer.alloc(40 * 30 * 3, i * 40);
      const jpeg = await sharp(raw, { raw: { width: 40, height: 30, channels: 3 } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('studentId', student.user_id);
      form.append(
        'files',
        new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
        `seite-${String(i)}.jpg`,
      );
      const res = await fetch(`${origin}/api/submissions/studentupload/${task.id}`, {
        method: 'POST',
        body: form,
      });
      expect(res.status).toBe(200);
    }
    taskPath = `/classes/${klass.id}/tasks/${task.id}`;
    fake.control.reset();
    fake.control.delayMs = 1500;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
    await fake?.close();
  });

  it('"KI-Korrektur für alle" shows the cost, the progress, and every row turns Korrigiert live', async () => {
    const stream = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
    await page.goto(origin + taskPath);
    // The page listens to the realtime stream, authenticated by the session cookie.
    const events = await stream;
    expect(events.status()).toBe(200);
    expect(events.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
    const rows = page.getByTestId('submission-row');
    await expect.poll(() => rows.count()).toBe(5);
    await expect.poll(() => page.getByText(/5 Abgaben warten · Kosten: 5 Coins/).count()).toBe(1);

    await page.getByRole('button', { name: /KI-Korrektur für alle/ }).click();
    await expect.poll(() => page.getByText(/KI-Korrektur für 5 Abgaben gestartet/).count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('correction-progress').textContent())
      .toMatch(/^\d von 5 korrigiert$/);

    // Done within the AI's time plus a little, well before the 5 s poll would have shown the last one twice.
    await expect.poll(() => page.locator('[data-status="korrigiert"]').count(), { timeout: 20_000 }).toBe(5);
    // Three runs per submission, the openai default (ADR 024).
    expect(fake.control.calls.chat).toBe(5 * 3);
    expect(errors).toEqual([]);
  });
});
