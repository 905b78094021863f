import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { MOBILE } from './helpers/bundle';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * The skill profile (ADR 025) in a real browser: three tasks of a class share skills (a reused group, and a
 * retyped skill name in a rubric of its own), graded and handed back through the API; the class page shows
 * every student's latest level and trend per skill across the page's width, sorted by name or by a skill,
 * the students without any level (two more in the class) hidden behind a switch; a student's feedback link
 * shows their own profile and nobody else's.
 */
describe('The skill profile on the class page and on the feedback link', () => {
  const suffix = Math.random().toString(36).slice(2, 6);
  const students = ['Berta Brombeerhag', 'Anton Apfelgrund'];
  const ungraded = ['Carla Cremeschnitt', 'Dieter Dattelbaum'];
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let token: string;
  let classId: string;
  /** Berta's link of the first task: the profile covers the later tasks too. */
  let bertaLink = '';
  let page: Page;
  let errors: string[];

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
  const task = async (title: string) =>
    (await api<{ id: string }>('POST', '/api/tasks', { title, class_id: classId, status: 'published' })).id;
  async function group(taskId: string, name: string, skills: Array<[string, number]>) {
    const { id } = await api<{ id: string }>('POST', '/api/skill-groups', { name, task_id: taskId });
    const ids: string[] = [];
    for (const [skill, maxScore] of skills)
      ids.push(
        (await api<{ id: string }>('POST', '/api/skills', { group_id: id, name: skill, maxScore })).id,
      );
    return { id, skills: ids };
  }
  /** Scores per student (in `students` order), then the task is handed back; returns the links by name. */
  async function gradeAndRelease(taskId: string, scores: Array<Record<string, number>>) {
    const { data } = await api<{
      data: Array<{ id: string; name: { first_name: string; last_name: string } }>;
    }>('GET', `/api/submissions/getAll?taskId=${taskId}`);
    const byName = new Map(data.map((s) => [`${s.name.first_name} ${s.name.last_name}`, s.id]));
    for (const [i, name] of students.entries())
      for (const [skillId, score] of Object.entries(scores[i]!))
        await api('PUT', `/api/feedback/${byName.get(name)}/skills/${skillId}`, { score });
    // One by one, confirming skills left unscored (the bulk hand-back leaves such submissions out).
    const links = new Map<string, string>();
    for (const name of students) {
      const { released } = await api<{ released: Array<{ feedback_url: string }> }>(
        'POST',
        `/api/feedback/${byName.get(name)}/release`,
        { allowUnscored: true },
      );
      links.set(name, new URL(released[0]!.feedback_url).pathname);
    }
    return links;
  }

  beforeAll(async () => {
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    const session = await fetch(`${origin}/api/demo/session`, { method: 'POST' });
    token = ((await session.json()) as { access_token: string }).access_token;
    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: `Mathematik ${suffix}` });
    classId = (
      await api<{ id: string }>('POST', '/api/classes', {
        name: `6b ${suffix}`,
        grade: '6',
        subject_id: subject.id,
      })
    ).id;
    await api('POST', '/api/createStudents', { class_id: classId, names: [...students, ...ungraded] });

    // Tasks 1 and 2 share a group; task 3 retypes "Ansatz" in a group of its own.
    const one = await task('Brüche 1');
    const shared = await group(one, 'Rechnen', [
      ['Ansatz', 3],
      ['Ergebnis', 2],
    ]);
    const two = await task('Brüche 2');
    await api('POST', `/api/tasks/${two}/skill-groups`, { skillGroup_id: shared.id });
    const three = await task('Brüche 3');
    const own = await group(three, 'Darstellung', [
      ['ansatz ', 3],
      ['Lesbarkeit', 4],
    ]);
    const [ansatz, ergebnis] = shared.skills as [string, string];
    const [ansatz3, lesbarkeit] = own.skills as [string, string];
    bertaLink = (
      await gradeAndRelease(one, [
        { [ansatz]: 1, [ergebnis]: 2 },
        { [ansatz]: 3, [ergebnis]: 1 },
      ])
    ).get(students[0]!)!;
    await gradeAndRelease(two, [
      { [ansatz]: 2, [ergebnis]: 2 },
      { [ansatz]: 3, [ergebnis]: 2 },
    ]);
    await gradeAndRelease(three, [
      { [ansatz3]: 3, [lesbarkeit]: 4 },
      { [ansatz3]: 1, [lesbarkeit]: 2 },
    ]);

    // The demo teacher in the browser, as /demo signs them in.
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
    await page.goto(`${origin}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('shows every student’s latest level per skill with the trend as text on the class page', async () => {
    await page.goto(`${origin}/classes/${classId}`);
    const table = page.getByRole('table', { name: 'Kompetenzprofil' });
    await table.waitFor();
    const headers = await table.locator('thead th').allInnerTexts();
    // Without the sort marks (▲ ▼ ↕, hidden from screen readers; aria-sort says it).
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').replace(/\s+/g, ' ').trim())).toEqual([
      'Schüler',
      'ansatz (0–3)',
      'Ergebnis (0–2)',
      'Lesbarkeit (0–4)',
    ]);
    const cells = async (name: string) =>
      (await table.locator(`tr[data-student="${name}"] td`).allInnerTexts()).map((c) =>
        c.replace(/\s+/g, ' ').trim(),
      );
    // The arrow is hidden from screen readers; its meaning is text.
    expect(await cells('Berta Brombeerhag')).toEqual([
      '3/3 ↑ verbessert',
      '2/2 → gleich geblieben',
      '4/4 erst eine Bewertung',
    ]);
    expect(await cells('Anton Apfelgrund')).toEqual([
      '1/3 ↓ verschlechtert',
      '2/2 ↑ verbessert',
      '2/4 erst eine Bewertung',
    ]);
    expect(await table.locator('[data-trend] [aria-hidden=true]').count()).toBe(4);
    // The history as the cell's tooltip.
    expect(
      await table.locator('tr[data-student="Berta Brombeerhag"] td').first().getAttribute('title'),
    ).toMatch(/^Brüche 1 \(.+\): 1 von 3\nBrüche 2 \(.+\): 2 von 3\nBrüche 3 \(.+\): 3 von 3$/);
    // On a laptop it has the page's width: nothing scrolls or is cut, no skill's name wraps.
    const fit = await page.getByTestId('class-skill-profile').evaluate((section) => {
      const scroller = section.querySelector('[role="region"]')!;
      return {
        width: section.getBoundingClientRect().width,
        hidden: scroller.scrollWidth - scroller.clientWidth,
        lines: Array.from(section.querySelectorAll('thead th')).map((th) => {
          const button = th.querySelector('button')!;
          return Math.round(
            button.getBoundingClientRect().height / parseFloat(getComputedStyle(button).lineHeight),
          );
        }),
      };
    });
    expect(fit.width).toBeGreaterThan(1000);
    expect(fit.hidden).toBeLessThanOrEqual(0);
    expect(fit.lines).toEqual([1, 1, 1, 1]);
    // On a phone the matrix scrolls inside its card; the page itself does not.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await table.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });

  it('hides the students without any level until asked, then shows each in one compact row', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${origin}/classes/${classId}`);
    const table = page.getByRole('table', { name: 'Kompetenzprofil' });
    await table.waitFor();
    const names = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-student')));
    expect(await names()).toEqual(['Anton Apfelgrund', 'Berta Brombeerhag']);
    expect(await page.getByTestId('unscored-count').innerText()).toBe(
      '2 Schüler ohne Bewertung ausgeblendet',
    );
    await page.getByRole('switch', { name: 'Nur bewertete Schüler' }).click({ force: true });
    expect(await names()).toEqual([
      'Anton Apfelgrund',
      'Berta Brombeerhag',
      'Carla Cremeschnitt',
      'Dieter Dattelbaum',
    ]);
    const carla = await table.locator('tr[data-student="Carla Cremeschnitt"] td').allInnerTexts();
    expect(carla).toEqual(['noch keine ausgeteilte Bewertung']);
    expect(errors).toEqual([]);
  });

  it('sorts by name or by a skill, weakest first and then the other way round', async () => {
    await page.goto(`${origin}/classes/${classId}`);
    const table = page.getByRole('table', { name: 'Kompetenzprofil' });
    await table.waitFor();
    const names = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-student')));
    const header = (name: string) => table.locator('thead th').filter({ hasText: name });
    await header('Lesbarkeit').getByRole('button').click();
    expect(await names()).toEqual(['Anton Apfelgrund', 'Berta Brombeerhag']);
    expect(await header('Lesbarkeit').getAttribute('aria-sort')).toBe('ascending');
    await header('Lesbarkeit').getByRole('button').click();
    expect(await names()).toEqual(['Berta Brombeerhag', 'Anton Apfelgrund']);
    expect(await header('Lesbarkeit').getAttribute('aria-sort')).toBe('descending');
    await header('Schüler').getByRole('button').click();
    expect(await names()).toEqual(['Anton Apfelgrund', 'Berta Brombeerhag']);
    expect(await header('Lesbarkeit').getAttribute('aria-sort')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows the student their own profile on their feedback link, and nobody else’s', async () => {
    const student = await openPage(browser, MOBILE);
    await student.page.goto(origin + bertaLink);
    const table = student.page.getByRole('table', { name: 'Dein Kompetenzprofil' });
    await table.waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      'ansatz 3/3 ↑ verbessert Brüche 1: 1/3 Brüche 2: 2/3 Brüche 3: 3/3',
      'Ergebnis 2/2 → gleich geblieben Brüche 1: 2/2 Brüche 2: 2/2',
      'Lesbarkeit 4/4 erst eine Bewertung Brüche 3: 4/4',
    ]);
    const text = await student.page.locator('body').innerText();
    expect(text).not.toContain('Anton');
    expect(text).not.toContain('Apfelgrund');
    expect(student.errors).toEqual([]);
    await student.page.context().close();
  });
});
