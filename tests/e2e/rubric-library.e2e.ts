import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTeacher, signIn, tokenApi } from './helpers/accounts';
import { launchBrowser } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * The rubric library in real Chromium with two teachers of one school: A saves her task's rubric as a
 * template for the school, B finds it in the library of his own task in another class and takes it over;
 * B's copy changes, A's template does not.
 */

const SCHOOL = { bundesland: 'Berlin', city: 'Berlin', schule: 'Carl-von-Ossietzky-Gymnasium' };

describe('The rubric library between two teachers of a school', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const stamp = Date.now().toString(36);
  const password = `Zirkel-${stamp}-Lineal4`;

  const api = <T>(token: string, method: string, url: string, body?: unknown) =>
    tokenApi(origin)<T>(token, method, url, body);

  /** A registered teacher of the school with a class and a task; the task's rubric from `groups`. */
  async function teacher(label: string, name: [string, string], className: string, title: string) {
    const email = `${label}-${stamp}@schule.test`;
    const token = await registerTeacher(origin, email, password);
    await api(token, 'PUT', '/api/profile', {
      meta_data: { first_name: name[0], last_name: name[1], school: SCHOOL },
    });
    const subject = await api<{ id: string }>(token, 'POST', '/api/subjects', { name: 'Mathematik' });
    const klass = await api<{ id: string }>(token, 'POST', '/api/classes', {
      name: className,
      grade: '8',
      subject_id: subject.id,
    });
    const task = await api<{ id: string }>(token, 'POST', '/api/tasks', { class_id: klass.id, title });
    return { email, token, classId: klass.id, taskId: task.id };
  }

  /** With E2E_SHOTS=<dir>: the page at 360, 768 and 1366 px, light and dark, for a person to look at. */
  async function screenshots(page: Page, name: string) {
    const dir = process.env.E2E_SHOTS;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [360, 768, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(dir, `${name}-${colorScheme}-${String(width)}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  async function signedIn(login: { email: string }, path: string): Promise<Page> {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, origin, { email: login.email, password }, path);
    return page;
  }

  beforeAll(async () => {
    server = await startServer({ env: { DEMO: '0', AUTH_AUTOCONFIRM: '1', AUTO_ROLE: 'teacher' } });
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('A shares her rubric with the school; B uses it as his own copy', async () => {
    const anna = await teacher('anna', ['Ayşe', 'Yılmaz'], '8a', 'Lineare Funktionen');
    const ben = await teacher('ben', ['Nguyễn', 'Văn Bình'], '8c', 'Steigung und Achsenabschnitt');
    // A's rubric: one group with a skill and its levels, as the editor makes them.
    const group = await api<{ id: string }>(anna.token, 'POST', '/api/skill-groups', {
      name: 'Funktionen darstellen',
      task_id: anna.taskId,
    });
    const skill = await api<{ id: string }>(anna.token, 'POST', '/api/skills', {
      name: 'Steigungsdreieck zeichnen',
      maxScore: 2,
      group_id: group.id,
    });
    for (const [score, value] of [
      [0, 'fehlt'],
      [1, 'mit Fehlern'],
      [2, 'richtig'],
    ] as const)
      await api(anna.token, 'POST', '/api/skill-details', { skill_id: skill.id, score, value });

    // A saves it for the school.
    const a = await signedIn(anna, `/classes/${anna.classId}/tasks/${anna.taskId}`);
    await a.getByRole('button', { name: 'Als Vorlage speichern' }).click();
    const save = a.getByRole('dialog', { name: 'Raster als Vorlage speichern' });
    await expect
      .poll(() => save.getByRole('textbox', { name: 'Titel' }).inputValue())
      .toBe('Lineare Funktionen');
    await save.getByRole('textbox', { name: 'Titel' }).fill('Funktionen – Raster der Fachschaft');
    await expect.poll(() => save.getByRole('textbox', { name: 'Fach' }).inputValue()).toBe('Mathematik');
    await save.getByRole('checkbox', { name: 'Mit allen Lehrkräften meiner Schule teilen' }).check();
    await save.getByRole('button', { name: 'Vorlage speichern' }).click();
    await a.getByText('Das Raster wurde als Vorlage gespeichert.').waitFor();

    // B finds it in the library of his own task and takes it over.
    const b = await signedIn(ben, `/classes/${ben.classId}/tasks/${ben.taskId}`);
    await b.getByRole('button', { name: 'Vorlage aus der Bibliothek' }).waitFor();
    await screenshots(b, 'rubric-section');
    await b.getByRole('button', { name: 'Vorlage aus der Bibliothek' }).click();
    const library = b.getByRole('dialog', { name: 'Raster-Bibliothek' });
    await library.getByRole('searchbox', { name: 'Suche' }).fill('fachschaft');
    await library.getByRole('textbox', { name: 'Jahrgangsstufe' }).fill('8');
    const card = library.getByRole('listitem', { name: 'Funktionen – Raster der Fachschaft' });
    await card.waitFor();
    await screenshots(b, 'library');
    await expect.poll(() => card.textContent()).toContain('von Ayşe Yılmaz');
    // Only the one template matches the words (the starter templates do not).
    await expect.poll(() => library.getByRole('listitem').count()).toBe(1);
    await card.getByRole('button', { name: 'In dieses Raster übernehmen' }).click();
    await b.getByText('Die Vorlage wurde in das Bewertungsraster übernommen.').waitFor();
    // The copy is in B's rubric editor at once.
    await expect
      .poll(() => b.getByRole('textbox', { name: 'Name der Kompetenz' }).first().inputValue())
      .toBe('Steigungsdreieck zeichnen');

    // B's copy is his: renaming it changes neither A's template nor A's rubric.
    const rubric = await api<{ skill_groups: Array<{ skills: Array<{ id: string; name: string }> }> }>(
      ben.token,
      'GET',
      `/api/tasks/${ben.taskId}/rubric`,
    );
    const copy = rubric.skill_groups[0]!.skills[0]!;
    expect(copy).toMatchObject({ name: 'Steigungsdreieck zeichnen' });
    expect(copy.id).not.toBe(skill.id);
    await api(ben.token, 'PATCH', `/api/skills/${copy.id}`, { name: 'Steigung ablesen' });
    const { templates } = await api<{ templates: Array<{ id: string; title: string }> }>(
      anna.token,
      'GET',
      '/api/rubric-templates?q=fachschaft',
    );
    const template = await api<{ content: { skill_groups: Array<{ skills: Array<{ name: string }> }> } }>(
      anna.token,
      'GET',
      `/api/rubric-templates/${templates[0]!.id}`,
    );
    expect(template.content.skill_groups[0]!.skills[0]!.name).toBe('Steigungsdreieck zeichnen');
    const annas = await api<{ skill_groups: Array<{ skills: Array<{ name: string }> }> }>(
      anna.token,
      'GET',
      `/api/tasks/${anna.taskId}/rubric`,
    );
    expect(annas.skill_groups[0]!.skills[0]!.name).toBe('Steigungsdreieck zeichnen');
    expect(errors).toEqual([]);
  }, 180_000);
});
