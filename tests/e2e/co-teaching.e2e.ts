import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTeacher, signIn, tokenApi } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { findClipped } from './helpers/clipping';
import { photo } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * Co-teaching (ADR 037) in real Chromium against the built app, with two registered teachers in two browser
 * contexts: Ayşe shares her class 7b with Jan as „kann bewerten“ on the class page; Jan accepts the invitation
 * on /classes, where the class then carries its badge; Jan grades a hand-in and hands it back, and Ayşe's
 * „Änderungsverlauf“ names him; Jan's pages offer no deleting of the class, the task or a student and the API
 * refuses him anyway; Ayşe removes Jan while his class page is open, which loses the class within seconds;
 * Jan deletes his account, and Ayşe's grades and the entry with his name stay.
 *
 * `E2E_SHOTS=<dir>` saves the new screens (Ayşe's class page with the teachers and a pending invitation, Jan's
 * /classes with the invitation and with the shared class) at 360, 768 and 1366 px in light and dark mode, and
 * `clipped.txt` with what helpers/clipping.ts finds cut or scrolling sideways on them.
 */
describe('Sharing a class with a colleague in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  const stamp = Date.now().toString(36);
  const password = `Kreide-${stamp}-Tafel7`;
  const ayse = { email: `ayse-${stamp}@schule.test`, name: ['Ayşe', 'Yılmaz'] as const };
  const jan = { email: `jan-${stamp}@schule.test`, name: ['Jan', 'Wąsowski'] as const };
  const janName = 'Jan Wąsowski';
  const ayseName = 'Ayşe Yılmaz';
  const taskTitle = `Brüche kürzen ${stamp}`;
  const student = 'Greta Gärtner';
  let classId = '';
  let taskId = '';
  let studentIds: string[] = [];
  let gradingPath = '';
  /** Ayşe's page and Jan's page, each in a browser context (cookies) of its own. */
  let a: Page;
  let b: Page;
  let aErrors: string[];
  let bErrors: string[];
  const shots = process.env.E2E_SHOTS;
  const clippedFound: string[] = [];

  const api = <T>(token: string, method: string, url: string, body?: unknown) =>
    tokenApi(origin)<T>(token, method, url, body);

  /** A teacher registered as on the sign-up page (AUTH_AUTOCONFIRM, AUTO_ROLE=teacher), with a profile name. */
  async function register(email: string, [first, last]: readonly [string, string]): Promise<string> {
    const token = await registerTeacher(origin, email, password);
    await api(token, 'PUT', '/api/profile', { meta_data: { first_name: first, last_name: last } });
    return token;
  }

  /**
   * A request of the page with its cookie session, as the SPA sends it (X-Requested-With): the status and the
   * parsed body, whatever the status.
   */
  function pageFetch(page: Page, method: string, url: string) {
    return page.evaluate(
      async ({ method, url }) => {
        const res = await fetch(url, { method, headers: { 'x-requested-with': 'fetch' } });
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        return { status: res.status, body };
      },
      { method, url },
    );
  }

  /** expect.poll with room for a busy two-core machine (its default of one second is too short there). */
  function poll<T>(fn: () => T | Promise<T>, options: { timeout?: number; message?: string } = {}) {
    return expect.poll(fn, { timeout: 15_000, interval: 100, ...options });
  }

  /** A page of the app, once the app has taken over the server-rendered HTML (clicks work from then on). */
  async function open(page: Page, url: string) {
    await page.goto(`${origin}${url}`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 15_000 });
  }

  async function expectToast(page: Page, text: string | RegExp) {
    await poll(() => page.locator('[data-toast]').filter({ hasText: text }).first().isVisible()).toBe(true);
  }

  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  /** Records the page's event streams (open or not) and the change events they receive, for the tests to wait on. */
  async function watchEventStreams(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as {
        __sources: EventSource[];
        __changes: Array<{ table: string; eventType: string; at: number }>;
      };
      w.__sources = [];
      w.__changes = [];
      const Original = window.EventSource;
      window.EventSource = class extends Original {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          w.__sources.push(this);
          this.addEventListener('change', (message) => {
            const event = JSON.parse((message as MessageEvent<string>).data) as {
              table: string;
              eventType: string;
            };
            w.__changes.push({ table: event.table, eventType: event.eventType, at: performance.now() });
          });
        }
      };
    });
  }
  const streamOpen = (page: Page) =>
    page.evaluate(() =>
      (window as unknown as { __sources?: EventSource[] }).__sources?.some(
        (s) => s.readyState === EventSource.OPEN,
      ),
    );

  /**
   * With E2E_SHOTS: the page (and `part` cut out of it) at 360, 768 and 1366 px, light and dark, and what
   * helpers/clipping.ts finds cut on it. Waits for the toasts to go first, so they hide nothing.
   */
  async function shoot(page: Page, name: string, part?: Locator) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    const size = page.viewportSize();
    await poll(() => page.locator('[data-toast]').count(), { timeout: 20_000 }).toBe(0);
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(mode);
      for (const width of [360, 768, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        // Fonts loaded, two frames drawn at the new width (its transitions started), and those transitions
        // (the navbar sliding away) finished.
        await page.evaluate(() =>
          document.fonts.ready.then(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          ),
        );
        await page.waitForFunction(() =>
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        );
        const file = `${name}-${mode}-${String(width)}`;
        await page.screenshot({ path: path.join(shots, `${file}.png`), fullPage: true });
        if (part) await part.screenshot({ path: path.join(shots, `${file}-part.png`) });
        for (const c of await findClipped(page, { sidewaysScrolling: width < 1366 }))
          clippedFound.push(`${file}: ${c.kind} „${c.text}“ – ${c.reason}`);
      }
    }
    await page.emulateMedia({ colorScheme: null });
    if (size) await page.setViewportSize(size);
  }

  beforeAll(async () => {
    server = await startServer({ env: { DEMO: '0', AUTH_AUTOCONFIRM: '1', AUTO_ROLE: 'teacher' } });
    origin = server.url;

    // Ayşe's class with two students, a published task with a rubric (one skill of 0–2 points), one hand-in.
    const token = await register(ayse.email, ayse.name);
    await register(jan.email, jan.name);
    const subject = await api<{ id: string }>(token, 'POST', '/api/subjects', { name: 'Mathematik' });
    classId = (
      await api<{ id: string }>(token, 'POST', '/api/classes', {
        name: '7b',
        grade: '7',
        subject_id: subject.id,
      })
    ).id;
    const { students } = await api<{ students: Array<{ user_id: string }> }>(
      token,
      'POST',
      '/api/createStudents',
      { class_id: classId, names: [student, 'Ali Acar'] },
    );
    studentIds = students.map((s) => s.user_id);
    taskId = (
      await api<{ id: string }>(token, 'POST', '/api/tasks', {
        class_id: classId,
        title: taskTitle,
        status: 'published',
      })
    ).id;
    const group = await api<{ id: string }>(token, 'POST', '/api/skill-groups', {
      name: 'Rechnen',
      task_id: taskId,
    });
    const skill = await api<{ id: string }>(token, 'POST', '/api/skills', {
      group_id: group.id,
      name: 'Lösungsweg',
      maxScore: 2,
    });
    for (const [score, value] of ['kein Ansatz', 'Ansatz erkennbar', 'vollständig gekürzt'].entries())
      await api(token, 'POST', '/api/skill-details', { skill_id: skill.id, score, value });
    const form = new FormData();
    form.append('studentId', studentIds[0]!);
    form.append(
      'files',
      new Blob([new Uint8Array(await photo(480, 640, 5))], { type: 'image/jpeg' }),
      'Seite 1.jpg',
    );
    const upload = await fetch(`${origin}/api/submissions/studentupload/${taskId}`, {
      method: 'POST',
      body: form,
    });
    expect(upload.status).toBe(200);

    browser = await launchBrowser();
    ({ page: a, errors: aErrors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
    ({ page: b, errors: bErrors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
    await watchEventStreams(b);
    await signIn(a, origin, { email: ayse.email, password }, `/classes/${classId}`);
    await signIn(b, origin, { email: jan.email, password }, '/classes');
  });

  afterAll(async () => {
    if (shots) {
      mkdirSync(shots, { recursive: true });
      writeFileSync(path.join(shots, 'clipped.txt'), `${clippedFound.join('\n')}\n`);
    }
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('Ayşe shares 7b with Jan as „kann bewerten“ in the „Lehrkräfte“ section; Jan is listed as invited', async () => {
    await a.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await poll(() => a.getByRole('heading', { level: 1 }).textContent()).toBe('7b');
    // The owner's page has the controls a colleague's lacks (the same names are looked for there).
    await poll(() => a.getByRole('button', { name: 'Klasse löschen' }).isVisible()).toBe(true);
    expect(
      await region(a, 'Schüler')
        .getByRole('button', { name: `${student} aus der Klasse entfernen` })
        .count(),
    ).toBe(1);
    expect(await a.getByRole('button', { name: `Aufgabe ${taskTitle} löschen` }).count()).toBe(1);

    // Jan's class list is open with its event stream, to get the invitation live.
    await poll(() => streamOpen(b)).toBe(true);

    const teachers = region(a, 'Lehrkräfte');
    await poll(() => teachers.getByText(`${ayseName} (du)`).isVisible()).toBe(true);
    const share = a.getByRole('form', { name: 'Klasse teilen' });
    await share.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(jan.email);
    await share.getByRole('combobox', { name: 'Rolle' }).selectOption({ label: 'kann bewerten' });
    await poll(() => share.getByText(/^kann bewerten: bewertet auch Abgaben/).isVisible()).toBe(true);
    await share.getByRole('button', { name: 'Einladen' }).click();

    await expectToast(a, `${jan.email} ist eingeladen`);
    const entry = teachers.getByRole('listitem').filter({ hasText: janName });
    await poll(() => entry.getByText(jan.email).isVisible()).toBe(true);
    await poll(() => entry.getByText('eingeladen', { exact: true }).isVisible()).toBe(true);
    expect(await entry.getByRole('combobox', { name: `Rolle von ${janName}` }).inputValue()).toBe('grade');
    expect(
      await entry.getByRole('button', { name: `Einladung an ${janName} zurücknehmen` }).isVisible(),
    ).toBe(true);
    // The address is cleared for the next colleague.
    expect(await share.getByRole('textbox', { name: 'E-Mail-Adresse' }).inputValue()).toBe('');
    await shoot(a, 'a-class-teachers-pending', teachers);
    expect(aErrors).toEqual([]);
  });

  it('Jan sees the invitation on /classes, accepts it, and the class is listed with the shared badge', async () => {
    const invitations = region(b, 'Einladungen');
    // Arrived over the event stream (the bell's notification), without a reload.
    const invitation = invitations.getByRole('listitem').filter({ hasText: '7b' });
    await poll(() => invitation.isVisible()).toBe(true);
    expect(await invitation.getByText(`Eingeladen von ${ayseName}`).isVisible()).toBe(true);
    expect(await invitation.getByText('Rolle: kann bewerten').isVisible()).toBe(true);
    expect(await invitation.getByText('Mathematik').isVisible()).toBe(true);
    expect(await invitation.getByText('Jahrgang 7').isVisible()).toBe(true);
    // Not in the list before accepting.
    expect(await region(b, 'Deine Klassen').locator(`[data-class-id="${classId}"]`).count()).toBe(0);
    await shoot(b, 'b-classes-invitation', invitations);

    await invitations.getByRole('button', { name: 'Einladung zur Klasse 7b annehmen' }).click();
    await expectToast(b, 'Die Klasse 7b ist jetzt in deiner Liste');
    const card = region(b, 'Deine Klassen').locator(`[data-class-id="${classId}"]`);
    await poll(() => card.getByText('Geteilt · kann bewerten', { exact: true }).isVisible()).toBe(true);
    expect(await card.locator('[data-shared-role="grade"]').count()).toBe(1);
    // With the class's subject (Ayşe's), as on the invitation.
    await poll(() => card.getByText('Mathematik', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Jahrgang 7', { exact: true }).isVisible()).toBe(true);
    await poll(() => invitations.count()).toBe(0);
    // Only the owner deletes a class: no delete button on the shared one.
    expect(await card.getByRole('button', { name: 'Klasse 7b löschen' }).count()).toBe(0);
    await shoot(b, 'b-classes-shared', card);

    // Ayşe's page follows: Jan is no longer „eingeladen“.
    const entry = region(a, 'Lehrkräfte').getByRole('listitem').filter({ hasText: janName });
    await poll(() => entry.getByText('eingeladen', { exact: true }).count()).toBe(0);
    expect(bErrors).toEqual([]);
  });

  it('Jan grades the hand-in and hands it back; Ayşe’s Änderungsverlauf names him', async () => {
    await region(b, 'Deine Klassen').getByRole('link', { name: 'Klasse 7b öffnen' }).click();
    await b.waitForURL((url) => url.pathname === `/classes/${classId}`);
    await region(b, 'Aufgaben').getByRole('link', { name: taskTitle }).click();
    await b.waitForURL((url) => url.pathname === `/classes/${classId}/tasks/${taskId}`);
    await b.getByRole('link', { name: `Abgabe von ${student} bewerten` }).click();
    await b.waitForURL(/\/submissions\/[A-Za-z0-9_-]+$/);
    gradingPath = new URL(b.url()).pathname;
    await poll(() => b.getByRole('heading', { level: 1 }).textContent()).toBe(`Bewertung: ${student}`);

    const levels = b.getByRole('group', { name: 'Punkte für Lösungsweg' });
    await levels.getByRole('button', { name: /^2 Punkte\b/ }).click();
    await poll(() => levels.locator('[aria-pressed=true]').innerText()).toMatch(/^2 Punkte\b/);
    await expectToast(b, 'Feedback erfolgreich aktualisiert');
    await poll(() => b.getByTestId('total-score').textContent()).toMatch(/\b2 \/ 2\b/);

    await b.getByRole('button', { name: 'Austeilen', exact: true }).click();
    await expectToast(b, 'Feedback ausgeteilt');
    await poll(() =>
      b.getByRole('textbox', { name: 'Persönlicher Link zur Rückmeldung' }).inputValue(),
    ).toMatch(/\/feedback\/[A-Za-z0-9_-]{20,}$/);
    // In his own view the change is his.
    const own = region(b, 'Änderungsverlauf').getByTestId('grade-change');
    await poll(() => own.filter({ has: b.getByText('Du', { exact: true }) }).count()).toBe(1);

    await open(a, gradingPath);
    await poll(() => a.getByRole('heading', { level: 1 }).textContent()).toBe(`Bewertung: ${student}`);
    const change = region(a, 'Änderungsverlauf')
      .getByTestId('grade-change')
      .filter({ has: a.getByText(janName, { exact: true }) });
    await poll(() => change.count()).toBe(1);
    expect(await change.innerText()).toMatch(/Lösungsweg:.*→\s*(auf\s*)?2 Punkte/s);
    await poll(() =>
      a.getByRole('group', { name: 'Punkte für Lösungsweg' }).locator('[aria-pressed=true]').innerText(),
    ).toMatch(/^2 Punkte\b/);
    await poll(() => a.locator('[data-status]').first().getAttribute('data-status')).toBe('ausgeteilt');
    expect(aErrors).toEqual([]);
    expect(bErrors).toEqual([]);
  });

  it('hides deleting the class, the task and a student from Jan, and the API refuses him', async () => {
    await open(b, `/classes/${classId}`);
    await poll(() => b.getByRole('heading', { level: 1 }).textContent()).toBe('7b');
    await poll(() => b.getByTestId('shared-class-notice').isVisible()).toBe(true);
    // The sections are there, their owner's controls are not.
    await poll(() => region(b, 'Schüler').getByRole('cell', { name: student, exact: true }).isVisible()).toBe(
      true,
    );
    await poll(() => region(b, 'Aufgaben').getByRole('link', { name: taskTitle }).isVisible()).toBe(true);
    await poll(() => region(b, 'Lehrkräfte').getByText(`${janName} (du)`).isVisible()).toBe(true);
    expect(await b.getByRole('button', { name: 'Klasse löschen' }).count()).toBe(0);
    expect(await region(b, 'Klasse löschen').count()).toBe(0);
    expect(await b.getByRole('button', { name: `Aufgabe ${taskTitle} löschen` }).count()).toBe(0);
    expect(await b.getByRole('button', { name: `${student} aus der Klasse entfernen` }).count()).toBe(0);
    expect(await b.getByRole('button', { name: /^(Entfernen|Löschen)$/ }).count()).toBe(0);
    // Nor can he share the class further.
    expect(await b.getByRole('form', { name: 'Klasse teilen' }).count()).toBe(0);

    await region(b, 'Aufgaben').getByRole('link', { name: taskTitle }).click();
    await b.waitForURL((url) => url.pathname === `/classes/${classId}/tasks/${taskId}`);
    await poll(() => b.getByRole('heading', { level: 1 }).textContent()).toContain(taskTitle);
    await poll(() => b.getByRole('link', { name: `Abgabe von ${student} bewerten` }).isVisible()).toBe(true);
    expect(await b.getByRole('button', { name: 'Aufgabe löschen' }).count()).toBe(0);
    expect(await b.getByRole('button', { name: 'Bearbeiten' }).count()).toBe(0);

    // The API answers each attempt in its error shape: 403 for the class he sees, 404 for the rest.
    const expectRefusal = async (url: string, status: number, code: string | RegExp) => {
      const res = await pageFetch(b, 'DELETE', url);
      const { error } = res.body as { error?: { code?: unknown; message?: unknown } };
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(error?.code).toMatch(code);
      // A German sentence for the user.
      expect(error?.message).toMatch(/\p{Lu}\p{L}*\s.*\p{L}{3,}/u);
    };
    await expectRefusal(`/api/classes/${classId}`, 403, /^CLASS_DELETE_OWNER_ONLY$/);
    await expectRefusal(`/api/tasks/${taskId}`, 404, /^TASK_NOT_FOUND$/);
    await expectRefusal(`/api/classes/${classId}/students/${studentIds[0]!}`, 404, /^CLASS_NOT_FOUND$/);

    // Nothing was deleted.
    await open(b, `/classes/${classId}`);
    await poll(() => region(b, 'Schüler').getByText('2 Schüler').isVisible()).toBe(true);
    await poll(() => region(b, 'Aufgaben').getByRole('link', { name: taskTitle }).isVisible()).toBe(true);
    // Chromium logs the three refused requests of the page.
    expect(bErrors.filter((e) => !/status of 40[34]/.test(e))).toEqual([]);
    bErrors.length = 0;
  });

  it('Ayşe removes Jan while his class page is open: it loses the class within seconds', async () => {
    // Jan's class page is open (previous test), with its event stream.
    await poll(() => b.getByRole('heading', { level: 1 }).textContent()).toBe('7b');
    await poll(() => streamOpen(b)).toBe(true);
    let since = 0;
    /** When the removal's event reached Jan's page, in ms after Ayşe confirmed it. */
    const removalEvent = () =>
      b.evaluate(
        (after) =>
          (
            window as unknown as { __changes: Array<{ table: string; eventType: string; at: number }> }
          ).__changes
            .filter((c) => c.at >= after && c.table === 'class_teachers' && c.eventType === 'DELETE')
            .map((c) => Math.round(c.at - after)),
        since,
      );

    await open(a, `/classes/${classId}`);
    const entry = region(a, 'Lehrkräfte').getByRole('listitem').filter({ hasText: janName });
    await entry.getByRole('button', { name: `${janName} aus der Klasse entfernen` }).click();
    const dialog = a.getByRole('dialog', { name: 'Zugriff entfernen?' });
    await poll(() =>
      dialog.getByText(`${janName} sieht die Klasse „7b“ danach nicht mehr.`, { exact: false }).isVisible(),
    ).toBe(true);
    since = await b.evaluate(() => performance.now());
    const removedAt = Date.now();
    await dialog.getByRole('button', { name: 'Zugriff entfernen' }).click();

    // The removal reaches Jan's page over its event stream, and the class answers him 404 from then on.
    await poll(async () => (await removalEvent()).length, { timeout: 3_000 }).toBe(1);
    console.info(
      `Das Ereignis der Entfernung erreichte Jans Seite nach ${String((await removalEvent())[0])} ms`,
    );
    const res = await pageFetch(b, 'GET', `/api/classes/${classId}`);
    expect(res).toMatchObject({ status: 404, body: { error: { code: 'CLASS_NOT_FOUND' } } });
    const list = await pageFetch(b, 'GET', '/api/classes');
    expect(list.status).toBe(200);
    expect((list.body as Array<{ id: string }>).map((c) => c.id)).not.toContain(classId);
    await expectToast(a, 'Der Zugriff wurde entfernt');
    await poll(() => entry.count()).toBe(0);

    // Jan's open page: redirected away, the 404 page, or the class page's error; not the class any more.
    const state = async () => {
      if (new URL(b.url()).pathname !== `/classes/${classId}`) return 'redirected';
      if (await b.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).isVisible())
        return 'not found';
      if (await b.getByRole('alert').filter({ hasText: 'Fehler beim Laden der Klasse' }).first().isVisible())
        return 'load error';
      return 'still shows the class';
    };
    await poll(state, {
      timeout: Math.max(500, 3_000 - (Date.now() - removedAt)),
      message: 'Jans offene Klassenseite zeigt die Klasse noch 3 s nach der Entfernung',
    }).not.toBe('still shows the class');
    console.info(`Jans offene Klassenseite: ${await state()} nach ${String(Date.now() - removedAt)} ms`);
    await poll(() => b.getByRole('heading', { level: 1, name: '7b', exact: true }).count()).toBe(0);
    // He is told why.
    await poll(() =>
      b.getByText('Du hast keinen Zugriff mehr auf diese Klasse', { exact: false }).count(),
    ).toBe(1);

    // His class list no longer has it.
    await open(b, '/classes');
    await poll(() => region(b, 'Deine Klassen').getByText('Du hast noch keine Klassen.').isVisible()).toBe(
      true,
    );
    expect(aErrors).toEqual([]);
    // The refetches of the open page after the removal answer 404.
    expect(bErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it('Jan deletes his account; Ayşe’s grades and the entry with his name stay', async () => {
    await open(b, '/account');
    await b.getByRole('button', { name: 'Konto löschen …' }).click();
    const dialog = b.getByRole('dialog', { name: 'Konto endgültig löschen?' });
    await dialog.getByLabel(/^E-Mail-Adresse/).fill(jan.email);
    await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await b.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await poll(() =>
      b.getByText('Dein Konto und alle zugehörigen Daten wurden gelöscht.', { exact: false }).isVisible(),
    ).toBe(true);
    const grant = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: jan.email, password }),
    });
    expect(grant.status).toBe(400);

    await open(a, gradingPath);
    await poll(() => a.getByRole('heading', { level: 1 }).textContent()).toBe(`Bewertung: ${student}`);
    const change = region(a, 'Änderungsverlauf')
      .getByTestId('grade-change')
      .filter({ has: a.getByText(janName, { exact: true }) });
    await poll(() => change.count()).toBe(1);
    expect(await change.innerText()).toMatch(/Lösungsweg:.*→\s*(auf\s*)?2 Punkte/s);
    await poll(() =>
      a.getByRole('group', { name: 'Punkte für Lösungsweg' }).locator('[aria-pressed=true]').innerText(),
    ).toMatch(/^2 Punkte\b/);
    await poll(() => a.getByTestId('total-score').textContent()).toMatch(/\b2 \/ 2\b/);
    await poll(() => a.locator('[data-status]').first().getAttribute('data-status')).toBe('ausgeteilt');
    // Ayşe's class and its teachers: only her.
    await open(a, `/classes/${classId}`);
    const teachers = region(a, 'Lehrkräfte').getByRole('listitem');
    await poll(() => teachers.allInnerTexts()).toEqual([expect.stringContaining(`${ayseName} (du)`)]);
    expect(aErrors).toEqual([]);
    // The sign-out after the deletion may log the server's refusal of the ended session.
    expect(bErrors.filter((e) => !/401|403|404/.test(e))).toEqual([]);
  });
});
