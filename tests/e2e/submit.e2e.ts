import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { formatBytes, MOBILE, routeJs, stylesheetsAddedByScript } from './helpers/bundle';
import { minimalPdf, photo, stackPdf } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';
import { pageCode, scanPages } from './helpers/worksheets';

/**
 * A student hands in from a phone through the public link, a second one types a name that is not on the list,
 * and the teacher matches those files by drag-and-drop and by keyboard. Also measures the JavaScript the
 * /submit route loads.
 */
describe('Submitting through the public link in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let token: string;
  let taskId: string;
  let classId: string;
  let student: Page;
  let studentErrors: string[];

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
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    const session = await fetch(`${origin}/api/demo/session`, { method: 'POST' });
    token = ((await session.json()) as { access_token: string }).access_token;

    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: `Mathe ${Date.now()}` });
    const cls = await api<{ id: string }>('POST', '/api/classes', {
      name: '7e',
      grade: '7',
      subject_id: subject.id,
    });
    classId = cls.id;
    await api('POST', '/api/createStudents', {
      class_id: classId,
      names: ['Greta Gans', 'Max Maier', 'Olga Ott'],
    });
    const task = await api<{ id: string }>('POST', '/api/tasks', {
      title: 'Brüche kürzen',
      description: '',
      class_id: classId,
      due_date: null,
      status: 'published',
      data: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Kürze alle Brüche auf dem Blatt.' }] },
        ],
      },
      feedback_template: null,
      allow_late_submissions: false,
    });
    taskId = task.id;
    ({ page: student, errors: studentErrors } = await openPage(browser, MOBILE));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  /**
   * Opens the submit page and waits until the app has replaced the server's markup (ADR 020), whose form has
   * the same labels: a name picked before that would be gone.
   */
  async function openSubmitPage(page: Page, url: string) {
    await page.goto(url);
    await page.locator('main.ssr').waitFor({ state: 'detached' });
  }

  async function chooseFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Dateien auswählen' }).click(),
    ]);
    await chooser.setFiles(files);
  }

  // The submit page's budget (ADR 012): its own entry, React without the app's router, query client and
  // Mantine. Measured 80.9 kB gzipped (react-dom ~72, the page ~9); it was 151 kB as a route of the app. Chromium
  // actually receives the brotli copies, about a tenth less. A new dependency of the page fails here: load it
  // lazily instead.
  const SUBMIT_JS_BUDGET_KB = 85;

  it(`loads at most ${SUBMIT_JS_BUDGET_KB} kB of gzipped JavaScript for /submit, without editor or KaTeX`, async () => {
    const js = await routeJs(browser, `${origin}/submit/${taskId}`, MOBILE);
    console.log(
      `/submit route JS: ${js.files.length} files, ${formatBytes(js.gzipBytes)} gzipped, ` +
        `${formatBytes(js.wireBytes)} over the wire\n` +
        js.files
          .map((f) => `  ${(f.gzipBytes / 1000).toFixed(1).padStart(6)} kB ${f.url.split('/').pop()}`)
          .join('\n'),
    );
    expect(js.files.some((f) => /katex|TaskEditor|content\.module|supabase/i.test(f.url))).toBe(false);
    expect(js.gzipBytes).toBeLessThanOrEqual(SUBMIT_JS_BUDGET_KB * 1000);
    // The server sends the pre-compressed copies: what crosses the wire is not the 400 kB of plain JavaScript.
    expect(js.wireBytes).toBeLessThanOrEqual(js.gzipBytes);
  });

  it('takes every stylesheet from its HTML, KaTeX’s for a task with formulas too, none from a script', async () => {
    // Lighthouse counts a stylesheet a script adds before the first paint as render-blocking (ADR 034).
    const plain = await stylesheetsAddedByScript(browser, `${origin}/submit/${taskId}`, MOBILE);
    expect(plain.inHtml.styles).toBeGreaterThan(0);
    expect(plain.inHtml.links).toEqual([]);
    expect(plain.added).toEqual([]);

    const withFormula = await api<{ id: string }>('POST', '/api/tasks', {
      title: 'Brüche addieren',
      description: '',
      class_id: classId,
      due_date: null,
      status: 'published',
      data: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Berechne ' },
              { type: 'inlineMath', attrs: { latex: '\\frac{3}{4} + \\frac{5}{6}' } },
            ],
          },
        ],
      },
      feedback_template: null,
      allow_late_submissions: false,
    });
    const math = await stylesheetsAddedByScript(browser, `${origin}/submit/${withFormula.id}`, MOBILE);
    expect(math.inHtml.links).toEqual([expect.stringMatching(/^\/assets\/MathFormula-[\w-]+\.css$/)]);
    expect(math.added).toEqual([]);
  });

  it('keeps the name and the files chosen in the server form before the script ran', async () => {
    const { page, errors } = await openPage(browser, MOBILE);
    // The page's script arrives only after the student has used the plain form (a slow phone).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/submit-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not until `load`: that waits for the held script.
    await page.goto(`${origin}/submit/${taskId}`, { waitUntil: 'commit' });
    await page.locator('main.ssr').getByLabel('Wähle deinen Namen').selectOption({ label: 'Max M.' });
    await page
      .locator('main.ssr')
      .getByLabel('Dateien auswählen')
      .setInputFiles([{ name: 'frueh.jpg', mimeType: 'image/jpeg', buffer: await photo(320, 240, 7) }]);
    release();
    await page.locator('main.ssr').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Wähle deinen Namen').inputValue()).not.toBe('');
    expect(
      await page
        .getByLabel('Wähle deinen Namen')
        .evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text),
    ).toBe('Max M.');
    const list = page.getByRole('list', { name: 'Ausgewählte Dateien' });
    await expect.poll(() => list.getByText('frueh.jpg').isVisible()).toBe(true);
    await expect.poll(() => list.getByText('Bereit zum Hochladen').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lets a student pick their name, upload two photos and a PDF and see the receipt', async () => {
    await openSubmitPage(student, `${origin}/submit/${taskId}`);
    await student.getByRole('heading', { name: 'Brüche kürzen' }).waitFor();
    await student.getByText('Kürze alle Brüche auf dem Blatt.').waitFor();
    await student.getByLabel('Wähle deinen Namen').selectOption({ label: 'Greta G.' });

    await chooseFiles(student, [
      { name: 'seite1.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1200, 1) },
      { name: 'seite2.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 1600, 2) },
      { name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: minimalPdf() },
    ]);
    const list = student.getByRole('list', { name: 'Ausgewählte Dateien' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => list.getByRole('progressbar').count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => list.getByText('Bereit zum Hochladen').count()).toBe(3);

    await student.getByRole('button', { name: '3 Dateien abgeben' }).click();

    const receipt = student.getByRole('region', { name: 'Abgabe erhalten' });
    await receipt.waitFor({ timeout: 30_000 });
    for (const name of ['seite1.jpg', 'seite2.jpg', 'rechnung.pdf']) {
      await expect.poll(() => receipt.getByText(name, { exact: false }).isVisible()).toBe(true);
    }
    await expect
      .poll(() => receipt.getByText(/^Eingegangen am \d\d\.\d\d\.\d{4}, \d\d:\d\d$/).isVisible())
      .toBe(true);
    // Fits the phone: nothing wider than the screen.
    expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(studentErrors).toEqual([]);
  });

  it('keeps the files of a student who typed their name for the teacher to match', async () => {
    await openSubmitPage(student, `${origin}/submit/${taskId}`);
    await student.getByLabel('Wähle deinen Namen').selectOption({ label: 'Mein Name fehlt' });
    await student.getByLabel('Dein Vor- und Nachname').fill('Neue Schülerin');
    await chooseFiles(student, [
      { name: 'neu-a.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 600, 3) },
      { name: 'neu-b.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 600, 4) },
    ]);
    await expect.poll(() => student.getByText('Bereit zum Hochladen').count()).toBe(2);
    await student.getByRole('button', { name: '2 Dateien abgeben' }).click();
    await student.getByRole('region', { name: 'Abgabe erhalten' }).waitFor({ timeout: 30_000 });
    expect(studentErrors).toEqual([]);
  });

  it('shows the teacher the hand-in as abgegeben and matches files by drag-and-drop and by keyboard', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');

    await page.goto(`${origin}/classes/${classId}/tasks/${taskId}/submissions/match`);
    const greta = page.locator('[data-testid=match-student][data-student="Greta Gans"]');
    await greta.waitFor();
    await expect.poll(() => greta.getByText('3 Dateien').isVisible()).toBe(true);
    await expect.poll(() => greta.getByText('Abgegeben').isVisible()).toBe(true);

    const files = page.getByTestId('unmatched-file');
    await expect.poll(() => files.count()).toBe(2);

    // Drag and drop: the first file onto Max.
    const max = page.locator('[data-testid=match-student][data-student="Max Maier"]');
    await files.first().dragTo(max);
    await expect.poll(() => max.getByText('1 Datei').isVisible()).toBe(true);
    await expect.poll(() => files.count()).toBe(1);

    // Keyboard: select the other file, arrow down to Olga (third on the list), Enter.
    await files.first().focus();
    await page.keyboard.press('Enter');
    const olga = page.locator('[data-testid=match-student][data-student="Olga Ott"]');
    const listbox = page.getByRole('listbox', { name: 'Schüler' });
    for (let i = 0; i < 5 && (await olga.getAttribute('aria-selected')) !== 'true'; i++) {
      await listbox.press('ArrowDown');
    }
    await listbox.press('Enter');
    await expect.poll(() => olga.getByText('1 Datei').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Alle Dateien sind zugeordnet.').isVisible()).toBe(true);

    // The server agrees.
    const list = await api<{
      data: Array<{ name: { first_name: string }; files: unknown[]; display_status: string }>;
    }>('GET', `/api/submissions/getAll?taskId=${taskId}`);
    const byName = new Map(list.data.map((e) => [e.name.first_name, e]));
    expect(byName.get('Greta')?.files).toHaveLength(3);
    expect(byName.get('Greta')?.display_status).toBe('abgegeben');
    expect(byName.get('Max')?.files).toHaveLength(1);
    expect(byName.get('Olga')?.files).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('splits a teacher’s scanned stack into pages and assigns them to students with Enter', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/demo`);
    await page.getByRole('button', { name: 'Demo starten' }).click();
    await page.waitForURL('**/classes');

    await page.goto(`${origin}/classes/${classId}/tasks/${taskId}/submissions/add`);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Scans auswählen' }).click(),
    ]);
    await chooser.setFiles([{ name: 'stapel.pdf', mimeType: 'application/pdf', buffer: stackPdf(4) }]);

    // One PDF, four pages in order; the students' own uploads are not part of the stack.
    const pages = page.getByTestId('stack-page');
    await expect.poll(() => pages.count(), { timeout: 30_000 }).toBe(4);
    for (let n = 1; n <= 4; n++)
      expect(await pages.nth(n - 1).textContent()).toContain(`stapel.pdf – Seite ${n}`);

    // Two pages each: Enter gives the next two to the chosen student and moves on to the next one.
    const count = page.getByLabel('Seiten pro Schüler');
    await count.fill('2');
    await count.press('Enter');
    await page.getByText('Seiten 1–2 → Greta Gans').waitFor();
    await count.press('Enter');
    await page.getByText('Seiten 3–4 → Max Maier').waitFor();

    const list = await api<{
      data: Array<{ name: { first_name: string }; files: Array<{ original_name: string }> }>;
    }>('GET', `/api/submissions/getAll?taskId=${taskId}`);
    const names = (first: string) =>
      list.data.find((e) => e.name.first_name === first)?.files.map((f) => f.original_name) ?? [];
    expect(names('Greta')).toEqual(expect.arrayContaining(['stapel.pdf – Seite 1', 'stapel.pdf – Seite 2']));
    expect(names('Max')).toEqual(expect.arrayContaining(['stapel.pdf – Seite 3', 'stapel.pdf – Seite 4']));
    expect(names('Olga')).not.toContain('stapel.pdf – Seite 1');
    expect(errors).toEqual([]);
  });

  it('preselects the student whose printed worksheet’s QR code opened the page', async () => {
    // The teacher prints one worksheet per student; the phone camera reads Max's code (the second set).
    const res = await fetch(`${origin}/api/tasks/${taskId}/worksheet.pdf?perStudent=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const scans = await scanPages(Buffer.from(await res.arrayBuffer()), 100);
    expect(scans).toHaveLength(3);
    const code = await pageCode(scans[1]!);
    expect(code).toMatch(new RegExp(`/submit/${taskId}\\?s=[A-Za-z0-9_-]{32}$`));
    const link = new URL(code!);

    await openSubmitPage(student, `${origin}${link.pathname}${link.search}`);
    await student.getByRole('heading', { name: 'Brüche kürzen' }).waitFor();
    const select = student.getByLabel('Wähle deinen Namen');
    await expect
      .poll(() => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text))
      .toBe('Max M.');
    // Still a choice: another name can be picked.
    await select.selectOption({ label: 'Olga O.' });
    expect(await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe('Olga O.');

    // A damaged code still opens the page, without a preselection.
    await openSubmitPage(student, `${origin}${link.pathname}?s=kaputt%3C`);
    await student.getByRole('heading', { name: 'Brüche kürzen' }).waitFor();
    expect(await select.inputValue()).toBe('');
    expect(studentErrors).toEqual([]);
  });

  // Last: Olga's count of files is checked above.
  it('hands in without JavaScript: the server’s form posts the file and answers the receipt', async () => {
    const context = await browser.newContext({ ...MOBILE, locale: 'de-DE', javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/submit/${taskId}`);
      await page.getByRole('heading', { level: 1, name: 'Brüche kürzen' }).waitFor();
      await page.getByLabel('Wähle deinen Namen').selectOption({ label: 'Olga O.' });
      await page
        .getByLabel('Dateien auswählen')
        .setInputFiles([{ name: 'ohne-js.jpg', mimeType: 'image/jpeg', buffer: await photo(640, 480, 5) }]);
      await page.getByRole('button', { name: 'Abgeben' }).click();
      await page.getByRole('heading', { level: 1, name: 'Abgabe erhalten' }).waitFor();
      expect(await page.getByRole('listitem').allInnerTexts()).toEqual(['ohne-js.jpg']);
      await expect.poll(() => page.getByText('Danke, Olga O.!', { exact: false }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });
});
