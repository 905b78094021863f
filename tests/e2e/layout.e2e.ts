import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../fixtures/fake-ai-control';
import { startFakeOpenAi } from '../fixtures/fake-openai';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { findClipped, type ClippedElement } from './helpers/clipping';
import { minimalPdf, photo } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * No button, badge or tab has its text cut on a phone (360 px), a tablet (768 px) or a laptop (1366 px): the
 * main pages of students, teachers and organization members in real Chromium against the built app, with a
 * class, its students, tasks in every status, a rubric, hand-ins in several statuses (corrected by the fake
 * OpenAI-compatible endpoint, one handed back and changed since) and a notification. The rubric has long skill
 * names and one skill whose AI runs disagree (unsure); the class has 24 students. The teacher's core pages
 * (task, grading) are checked in light and dark mode. `LAYOUT_SCREENSHOTS=<dir>` also saves a full-page
 * screenshot of every page at every width, to look at.
 */
describe('Buttons, badges and tabs keep their text on phones, tablets and laptops', () => {
  const WIDTHS = [
    { width: 360, height: 740 },
    { width: 768, height: 1024 },
    { width: 1366, height: 768 },
  ];
  const screenshots = process.env.LAYOUT_SCREENSHOTS;
  const students = [
    'Anna-Lena Schmidt-Hohenstein',
    'Ben Weber',
    'Cem Acar',
    'Dora Koch',
    'Emil Braun',
    'Friederike von Wartenberg',
    // A class of 24: the submissions table and the profile hold many rows.
    ...Array.from({ length: 18 }, (_, i) => `Schülerin${String(i + 1)} Mustermann-Lüdenscheid`),
  ];
  const LONG_SKILL = 'Fachsprache und Darstellung mathematischer Zusammenhänge';
  const UNSURE_SKILL = 'Skizze beschriftet';

  let fake: FakeServer;
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let teacher: Page;
  let admin: Page;
  let anonymous: Page;
  const errors: string[] = [];
  let classPath = '';
  let taskPath = '';
  let gradingPath = '';
  let submitPath = '';
  let feedbackPath = '';

  const api = <T>(method: string, url: string, body?: unknown) => sessionApi(teacher)<T>(method, url, body);

  async function handIn(
    taskId: string,
    fields: Record<string, string>,
    files: Array<{ name: string; type: string; bytes: Buffer }>,
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const file of files)
      form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const res = await fetch(`${origin}/api/submissions/studentupload/${taskId}`, {
      method: 'POST',
      body: form,
    });
    if (!res.ok) throw new Error(`upload → ${res.status}: ${await res.text()}`);
  }

  async function submissionsOf(taskId: string) {
    return (
      await api<{ data: Array<{ id: string; status: string; name: { first_name: string } }> }>(
        'GET',
        `/api/submissions/getAll?taskId=${taskId}`,
      )
    ).data;
  }

  beforeAll(async () => {
    // Every skill gets 1 point, except one whose three runs per hand-in disagree (0, max, 0): unsure.
    const runs = new Map<string, number>();
    fake = await startFakeOpenAi({
      score: (skill, { images }) => {
        if (skill.name !== UNSURE_SKILL) return 1;
        const key = `${skill.id}:${String(images.join('').length)}`;
        const run = runs.get(key) ?? 0;
        runs.set(key, run + 1);
        return run % 2 === 1 ? skill.maxScore : 0;
      },
    });
    server = await startServer({
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        FEEDBACK_CONCURRENCY: '2',
        AI_FEEDBACK_RUNS: '3',
      },
    });
    origin = server.url;
    browser = await launchBrowser();
    const track = (opened: { page: Page; errors: string[] }) => {
      opened.page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${opened.page.url()}: ${msg.text()}`);
      });
      return opened.page;
    };
    teacher = track(await openPage(browser));
    admin = track(await openPage(browser));
    anonymous = track(await openPage(browser));
    await signIn(teacher, origin, demoLogin(server, 'Demo-Lehrkraft'), '/subjects');
    await signIn(admin, origin, demoLogin(server, 'Demo-Organisationsmitglied'), '/admin/users');

    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: 'Mathematik' });
    const klass = await api<{ id: string }>('POST', '/api/classes', {
      name: '10b Mathematik Leistungskurs',
      grade: '10',
      subject_id: subject.id,
    });
    classPath = `/classes/${klass.id}`;
    await api('POST', '/api/createStudents', { class_id: klass.id, names: students });
    const task = await api<{ id: string; created_by: string }>('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'Satz des Pythagoras – Anwendungen im Alltag',
      status: 'published',
      data: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Berechne die Länge der Leiter, die an der Hauswand lehnt.' }],
          },
        ],
      },
    });
    taskPath = `${classPath}/tasks/${task.id}`;
    submitPath = `/submit/${task.id}`;
    // Tasks in the other statuses, for their badges in the class's list.
    await api('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'Quadratische Gleichungen',
      status: 'draft',
    });
    const closed = await api<{ id: string }>('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'Bruchrechnung Wiederholung',
      status: 'published',
    });
    await api('PATCH', `/api/tasks/${closed.id}`, { status: 'closed' });
    await api('POST', `/api/tasks/${task.id}/rubric/generate/levels`, {
      skill_groups: [
        {
          name: 'Fachliche Richtigkeit',
          skills: [
            { name: 'Lösungsweg nachvollziehbar dargestellt', maxScore: 3 },
            { name: 'Ergebnis mit Einheit', maxScore: 2 },
          ],
        },
        {
          name: 'Kommunizieren und Argumentieren',
          skills: [
            { name: LONG_SKILL, maxScore: 3 },
            { name: UNSURE_SKILL, maxScore: 2 },
          ],
        },
      ],
    });

    // Four hand-ins through the public link; a fifth under a typed name waits to be matched.
    const submitPage = (await (await fetch(`${origin}/api/submit/${task.id}`)).json()) as {
      students: Array<{ id: string; label: string }>;
    };
    for (const [index, entry] of submitPage.students.slice(0, 4).entries()) {
      const files = [
        { name: `seite-${index + 1}.jpg`, type: 'image/jpeg', bytes: await photo(480, 640, index) },
      ];
      if (index === 0)
        files.push({
          name: 'rechnung-mit-langem-dateinamen.pdf',
          type: 'application/pdf',
          bytes: minimalPdf(),
        });
      await handIn(task.id, { studentId: entry.id }, files);
    }
    await handIn(task.id, { studentName: 'Unbekannt Neu' }, [
      { name: 'foto.jpg', type: 'image/jpeg', bytes: await photo(320, 480, 9) },
    ]);

    // Two corrected by the AI, one of them handed back; the others stay handed in or open.
    const handedIn = (await submissionsOf(task.id)).filter((s) => s.status === 'abgegeben');
    const [first, second] = handedIn;
    if (!first || !second) throw new Error('Abgaben fehlen');
    for (const submission of [first, second])
      await api('POST', '/api/corrections', { submissionId: submission.id });
    const deadline = Date.now() + 30_000;
    while ((await submissionsOf(task.id)).filter((s) => s.status === 'korrigiert').length < 2) {
      if (Date.now() > deadline) throw new Error('Die KI-Korrektur wurde nicht fertig');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { released } = await api<{ released: Array<{ feedback_url: string }> }>(
      'POST',
      `/api/feedback/${first.id}/release`,
      // The unsure skill stays unscored: handed back anyway.
      { allowUnscored: true },
    );
    feedbackPath = new URL(released[0]!.feedback_url).pathname;
    // The handed-back one changes afterwards: "geändert seit der Rückgabe" in the table.
    const rubric = await api<{ skill_groups: Array<{ skills: Array<{ id: string; name: string }> }> }>(
      'GET',
      `/api/tasks/${task.id}/rubric`,
    );
    const longSkill = rubric.skill_groups.flatMap((g) => g.skills).find((k) => k.name === LONG_SKILL)!;
    await api('PUT', `/api/feedback/${first.id}/skills/${longSkill.id}`, { score: 3 });
    gradingPath = `${taskPath}/submissions/${second.id}`;
    await api('POST', '/api/notifications', {
      type: 'info',
      title: 'Korrektur abgeschlossen: Satz des Pythagoras – Anwendungen im Alltag',
      details: 'Alle Abgaben der Klasse 10b Mathematik Leistungskurs wurden von der KI korrigiert.',
      link_to: taskPath,
      receiver_user_id: task.created_by,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
    await fake?.close();
  });

  /** Nothing is loading any more: no loader or skeleton on screen. */
  async function loading(page: Page): Promise<boolean> {
    return page.evaluate(() =>
      Array.from(
        document.querySelectorAll('.mantine-Loader-root, .mantine-Skeleton-root, [data-loading]'),
      ).some((el) => el instanceof HTMLElement && el.checkVisibility()),
    );
  }

  /**
   * Opens `url` at every width and returns what is cut per width, once the page has settled: its marker is
   * visible, nothing loads, and two looks 300 ms apart find the same.
   */
  async function check(
    page: Page,
    name: string,
    url: string,
    ready: (page: Page) => Promise<unknown>,
    mode: 'light' | 'dark' = 'light',
  ) {
    const problems: string[] = [];
    await page.emulateMedia({ colorScheme: mode });
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(origin + url);
      await ready(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const scheme = await page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
      if (scheme !== mode) problems.push(`${String(size.width)} px: colour mode ${String(scheme)}`);
      let last = '';
      let clipped: ClippedElement[] = [];
      const deadline = Date.now() + 10_000;
      for (;;) {
        await page.waitForTimeout(300);
        // A wide table may scroll sideways on a phone or tablet, not on a laptop.
        clipped = await findClipped(page, { sidewaysScrolling: size.width < 1366 });
        const now = JSON.stringify(clipped);
        if ((now === last && !(await loading(page))) || Date.now() > deadline) break;
        last = now;
      }
      if (screenshots) {
        mkdirSync(screenshots, { recursive: true });
        await page.screenshot({
          path: path.join(screenshots, `${name}${mode === 'dark' ? '-dark' : ''}-${size.width}.png`),
          fullPage: true,
        });
      }
      for (const c of clipped) problems.push(`${size.width} px: ${c.kind} „${c.text}“ – ${c.reason}`);
      // The whole page never pans sideways while swiping.
      const wider = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
      if (wider > 0) problems.push(`${size.width} px: the page is ${String(wider)} px wider than the screen`);
    }
    await page.emulateMedia({ colorScheme: null });
    return problems;
  }

  const heading = (page: Page, text?: string | RegExp) =>
    page
      .getByRole('heading', { level: 1, ...(text ? { name: text } : {}) })
      .first()
      .waitFor({ timeout: 15_000 });

  it('the landing page', async () => {
    expect(await check(anonymous, 'landing', '/', (p) => heading(p, /Klassenzimmer/))).toEqual([]);
  });

  it('the sign-in page', async () => {
    expect(await check(anonymous, 'login', '/login', (p) => heading(p, 'Anmelden'))).toEqual([]);
  });

  it('the student’s submit page', async () => {
    expect(
      await check(anonymous, 'submit', submitPath, (p) =>
        p.getByRole('button', { name: 'Dateien auswählen' }).waitFor({ timeout: 15_000 }),
      ),
    ).toEqual([]);
  });

  it('the student’s feedback link', async () => {
    expect(await check(anonymous, 'feedback-link', feedbackPath, (p) => heading(p))).toEqual([]);
  });

  it('the classes', async () => {
    expect(await check(teacher, 'classes', '/classes', (p) => heading(p, 'Klassen'))).toEqual([]);
  });

  it('the subjects', async () => {
    expect(await check(teacher, 'subjects', '/subjects', (p) => heading(p, 'Fächer'))).toEqual([]);
  });

  it('a class with its tasks and students', async () => {
    expect(
      await check(teacher, 'class', classPath, (p) => heading(p, '10b Mathematik Leistungskurs')),
    ).toEqual([]);
  });

  it.each(['light', 'dark'] as const)(
    'a task with its rubric editor and submissions table (%s)',
    async (mode) => {
      expect(
        await check(
          teacher,
          'task',
          taskPath,
          async (p) => {
            await heading(p, /Satz des Pythagoras/);
            await p.getByTestId('submission-row').first().waitFor({ timeout: 15_000 });
            await p.getByText('geändert seit der Rückgabe', { exact: true }).waitFor({ timeout: 15_000 });
          },
          mode,
        ),
      ).toEqual([]);
    },
  );

  it('shows a score with the rubric’s maximum in the submissions table', async () => {
    await teacher.setViewportSize({ width: 1366, height: 768 });
    await teacher.goto(origin + taskPath);
    const row = teacher.getByTestId('submission-row').filter({ hasText: 'geändert seit der Rückgabe' });
    // 1 + 1 + 3 (changed) + 0 (unsure: not pre-selected) of 3 + 2 + 3 + 2.
    await expect
      .poll(() => row.getByRole('cell', { name: /^\d+ \/ 10$/ }).count(), { timeout: 15_000 })
      .toBe(1);
  });

  it('the rubric generation step of a task', async () => {
    expect(
      await check(teacher, 'rubric-generation', taskPath, async (p) => {
        await heading(p, /Satz des Pythagoras/);
        await p.getByRole('button', { name: 'Mit KI erstellen' }).click();
        await p.getByRole('region', { name: 'Bewertungsraster mit KI erstellen' }).waitFor();
      }),
    ).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('the grading page of a corrected submission (%s)', async (mode) => {
    expect(
      await check(
        teacher,
        'grading',
        gradingPath,
        async (p) => {
          await heading(p);
          await p.locator(`[data-skill="${LONG_SKILL}"]`).waitFor({ timeout: 15_000 });
        },
        mode,
      ),
    ).toEqual([]);
  });

  it('marks an unsure skill only as unsure and keeps level labels on one line', async () => {
    await teacher.setViewportSize({ width: 1366, height: 768 });
    await teacher.goto(origin + gradingPath);
    const unsure = teacher.locator(`[data-skill="${UNSURE_SKILL}"]`);
    await unsure.getByTestId('unsure').waitFor({ timeout: 15_000 });
    // Nothing is pre-selected, so there is no suggestion to badge; a sure one keeps its badge.
    expect(await unsure.getByText('KI-Vorschlag', { exact: true }).count()).toBe(0);
    expect(
      await teacher
        .locator(`[data-skill="${LONG_SKILL}"]`)
        .getByText('KI-Vorschlag', { exact: true })
        .count(),
    ).toBeGreaterThan(0);
    const labels = await teacher.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="skill"] [role="group"] button p:first-child')).map(
        (el) => ({
          text: el.textContent,
          lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
        }),
      ),
    );
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => l.lines > 1)).toEqual([]);
  });

  it('the notifications', async () => {
    expect(
      await check(teacher, 'notifications', '/notifications', (p) => heading(p, 'Benachrichtigungen')),
    ).toEqual([]);
  });

  it('the organization’s user list', async () => {
    expect(
      await check(admin, 'admin-users', '/admin/users', async (p) => {
        await heading(p);
        // Teachers and the organisation's members only: student accounts are not listed.
        await p.getByRole('row').nth(1).waitFor({ timeout: 15_000 });
      }),
    ).toEqual([]);
  });

  it('logs no console errors on these pages', () => {
    expect(errors).toEqual([]);
  });
});
