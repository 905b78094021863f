import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { photo } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * The teacher's part of the core loop by keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys, typing; no
 * pointer): signing in, a new task from the class page, published, a rubric built by hand, a student's
 * hand-in (through the public upload, as the submit page sends it) opened from the task's list, graded with
 * the rubric (levels, a text for the student) and handed back. Every control the keyboard operates shows
 * where the focus is.
 */
describe('A teacher grades and hands back by keyboard alone', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let page: Page;
  let errors: string[];
  const suffix = Math.random().toString(36).slice(2, 6);
  const taskTitle = `Bruchrechnung ${suffix}`;
  let taskId = '';

  beforeAll(async () => {
    server = await startServer();
    origin = server.url;
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  function poll<T>(fn: () => T | Promise<T>, timeout = 15_000) {
    return expect.poll(fn, { timeout, interval: 100 });
  }

  /** A short description of the focused element, for the failure message. */
  function focused(): Promise<string> {
    return page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return '(body)';
      const name =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent?.trim().slice(0, 40) ??
        '';
      return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} „${name}“`;
    });
  }

  const isFocused = (target: Locator) =>
    target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

  /**
   * Presses Tab (or Shift+Tab) until `target` (or an element inside it) has the focus; fails after `max`
   * presses, naming the elements the focus went through.
   */
  async function tabTo(target: Locator, { back = false, max = 40 } = {}) {
    await target.waitFor({ state: 'visible', timeout: 15_000 });
    const path: string[] = [];
    for (let i = 0; i <= max; i++) {
      if (await isFocused(target)) return;
      if (i === max) break;
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      path.push(await focused());
    }
    throw new Error(
      `Nach ${String(max)}× ${back ? 'Shift+Tab' : 'Tab'} nicht erreicht: ${target.toString()}\n${path.join('\n')}`,
    );
  }

  /**
   * The focused control shows that it has the focus: an outline, a focus ring drawn as a box shadow, or a
   * border that changes colour (Mantine's text fields), on the control or the box around it.
   */
  async function expectVisibleFocus() {
    const shown = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'nichts fokussiert';
      // The control and the boxes around it (a password field's input sits in a bordered wrapper, the text editor in its frame).
      const boxes: HTMLElement[] = [];
      for (let node: HTMLElement | null = el; node && boxes.length < 4; node = node.parentElement)
        boxes.push(node);
      // Without transitions, which would report the colours of the moment.
      const transitions = boxes.map((box) => box.style.transition);
      for (const box of boxes) box.style.transition = 'none';
      const look = () =>
        boxes.map((box) => {
          const style = getComputedStyle(box);
          return [
            style.outlineStyle,
            style.outlineWidth,
            style.outlineColor,
            style.boxShadow,
            style.borderColor,
          ].join('|');
        });
      const focusedLook = look();
      el.blur();
      const plainLook = look();
      el.focus({ preventScroll: true });
      boxes.forEach((box, i) => (box.style.transition = transitions[i] ?? ''));
      if (focusedLook.some((value, i) => value !== plainLook[i])) return 'ok';
      return `${el.tagName} „${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}“ ohne sichtbaren Fokus`;
    });
    expect(shown).toBe('ok');
  }

  /** Tabs to `target`, checks its focus is visible and presses `key` on it. */
  async function activate(target: Locator, key: 'Enter' | 'Space' = 'Enter', options = {}) {
    await tabTo(target, options);
    await expectVisibleFocus();
    await page.keyboard.press(key);
  }

  /** Tabs to the text field `target` and types `text` into it. */
  async function typeInto(target: Locator, text: string, options = {}) {
    await tabTo(target, options);
    await expectVisibleFocus();
    await page.keyboard.type(text);
  }

  /** The toast, given time for a busy machine; the failure names the page and the focus it ended on. */
  async function expectToast(text: string | RegExp) {
    const toast = page.locator('[data-toast]').filter({ hasText: text }).first();
    try {
      await toast.waitFor({ state: 'visible', timeout: 30_000 });
    } catch (err) {
      throw new Error(`Keine Meldung „${String(text)}“ auf ${page.url()}, Fokus: ${await focused()}`, {
        cause: err,
      });
    }
  }

  it('signs in by keyboard', async () => {
    const login = demoLogin(server, 'Demo-Lehrkraft');
    await page.goto(`${origin}/login`);
    await typeInto(page.getByRole('textbox', { name: 'E-Mail-Adresse' }), login.email);
    await typeInto(page.getByLabel(/^Passwort\s*\*?$/), login.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/classes');
    expect(errors).toEqual([]);
  });

  it('creates a task from the class page and publishes it', async () => {
    // The page's first stop (back from where the sign-in left the focus) skips the header and the navigation.
    await activate(page.getByRole('link', { name: 'Zum Inhalt springen' }), 'Enter', { back: true });
    await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await activate(page.getByRole('link', { name: 'Klasse 7b öffnen' }));
    await page.waitForURL(/\/classes\/[A-Za-z0-9_-]+$/);
    const tasks = page.getByRole('region', { name: 'Aufgaben', exact: true });
    await activate(tasks.getByRole('link', { name: 'Neue Aufgabe' }));
    await page.waitForURL(/\/tasks\/new\//);
    await typeInto(page.getByRole('textbox', { name: /^Titel/ }), taskTitle);
    await typeInto(page.getByRole('textbox', { name: 'Aufgabentext' }), 'Berechne 3/4 + 1/8 und kürze.');
    await activate(page.getByRole('button', { name: 'Aufgabe anlegen' }));
    await expectToast('Aufgabe erfolgreich erstellt');
    await page.waitForURL(/\/classes\/[^/]+\/tasks\/[A-Za-z0-9_-]{21}$/);
    taskId = new URL(page.url()).pathname.split('/').pop()!;
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(taskTitle);

    const status = page.getByRole('region', { name: 'Status' });
    // Past the rubric and the class's list of hand-ins (a row per student) to the status beside them.
    await activate(status.getByRole('button', { name: 'Veröffentlichen' }), 'Enter', { max: 60 });
    await expectToast('Aufgabe erfolgreich aktualisiert');
    await poll(() => status.getByText('Veröffentlicht').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('builds the rubric by keyboard: a group, a skill of 2 points, a description for each score', async () => {
    const rubric = page.getByRole('region', { name: 'Bewertungsraster', exact: true });
    await typeInto(rubric.getByRole('textbox', { name: 'Neuer Kompetenzbereich' }), 'Rechnen');
    await page.keyboard.press('Enter');
    // The new group shows above the field, with its own field for a new skill.
    const newSkill = rubric.getByRole('textbox', { name: 'Neue Kompetenz' });
    await typeInto(newSkill, 'Brüche addieren', { back: true });
    // The maximum (2 by default) is the next field: the up arrow raises it to 3, the down arrow back to 2.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const levels = ['Kein Hauptnenner gefunden.', 'Hauptnenner gefunden, Rechenfehler.', 'Richtig gekürzt.'];
    // The new skill's table of levels is above the field too: back to its first row, then row by row.
    for (const [score, text] of levels.entries()) {
      const field = rubric.getByRole('textbox', {
        name: `Beschreibung für ${score === 1 ? '1 Punkt' : `${String(score)} Punkte`} bei „Brüche addieren“`,
      });
      await poll(() => field.isEnabled()).toBe(true);
      await typeInto(field, text, { back: score === 0 });
    }
    // Leaving the last field saves it.
    await page.keyboard.press('Tab');
    await poll(() => rubric.getByTestId('rubric-state').getAttribute('data-complete')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('opens a student’s hand-in from the task’s list, grades it and hands it back', async () => {
    // A student hands in through the public link, as the submit page does.
    const { students } = await fetch(`${origin}/api/submit/${taskId}`).then(
      (r) => r.json() as Promise<{ students: Array<{ id: string; label: string }> }>,
    );
    const student = students[0]!;
    const form = new FormData();
    form.append('studentId', student.id);
    form.append(
      'files',
      new Blob([new Uint8Array(await photo(480, 640, 1))], { type: 'image/jpeg' }),
      'brueche.jpg',
    );
    const upload = await fetch(`${origin}/api/submissions/studentupload/${taskId}`, {
      method: 'POST',
      body: form,
    });
    expect(upload.status).toBeLessThan(300);

    // The list shows the hand-in without a reload (the event stream); every student of the class has a row.
    const [first, initial] = student.label.split(' ');
    const row = page.locator(`[data-testid=submission-row][data-student^="${first} ${initial![0]}"]`);
    await poll(() => row.locator('[data-status]').getAttribute('data-status'), 20_000).toBe('abgegeben');
    await activate(row.getByRole('link', { name: /^Abgabe von .* bewerten$/ }), 'Enter', { max: 60 });
    await page.waitForURL(/\/submissions\/[A-Za-z0-9_-]+$/);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Bewertung: /);

    const levels = page.getByRole('group', { name: 'Punkte für Brüche addieren' });
    await activate(levels.getByRole('button', { name: /^1 Punkt\b/ }), 'Space');
    await expectToast('Feedback erfolgreich aktualisiert');
    await poll(() => levels.locator('[aria-pressed=true]').innerText()).toMatch(/^1 Punkt\b/);
    // A second thought: 2 points, with Enter this time.
    await activate(levels.getByRole('button', { name: /^2 Punkte\b/ }), 'Enter');
    await poll(() => levels.locator('[aria-pressed=true]').innerText()).toMatch(/^2 Punkte\b/);
    await poll(() => page.getByTestId('total-score').textContent()).toContain('2 / 2');

    const group = page.getByRole('region', { name: 'Rechnen', exact: true });
    await typeInto(
      group.getByRole('textbox', { name: 'Rückmeldung zu Rechnen' }),
      'Sauber gerechnet und richtig gekürzt.',
    );
    // Leaving the field saves the text (the student's link below shows it).
    await page.keyboard.press('Tab');
    await poll(() => group.getByRole('button', { name: 'Rückmeldung speichern' }).isDisabled()).toBe(true);

    await activate(page.getByRole('button', { name: 'Austeilen', exact: true }), 'Enter', { back: true });
    await expectToast('Feedback ausgeteilt');
    const link = page.getByRole('textbox', { name: 'Persönlicher Link zur Rückmeldung' });
    await poll(() => link.inputValue()).toMatch(/\/feedback\/[A-Za-z0-9_-]{20,}$/);
    await poll(() => page.locator('[data-status]').first().getAttribute('data-status')).toBe('ausgeteilt');
    expect(errors).toEqual([]);

    // The student's link shows the grade and the text.
    const { page: studentPage } = await openPage(browser);
    await studentPage.goto(await link.inputValue());
    await poll(() => studentPage.getByTestId('link-total').innerText()).toContain('2 von 2 Punkten');
    await poll(() => studentPage.getByText('Sauber gerechnet und richtig gekürzt.').isVisible()).toBe(true);
    await studentPage.context().close();
  });
});
