import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { MOBILE, routeJs } from './helpers/bundle';
import { removeDir, repoRoot, startServer, type RunningServer } from './helpers/server';

/** sharp lives in the API's dependencies (not the tests'): it makes real JPEG photos for the upload. */
interface SharpLike {
  jpeg(options: { quality: number }): { toBuffer(): Promise<Buffer> };
}
const sharp = createRequire(path.join(repoRoot, 'apps/api/package.json'))('sharp') as (
  input: Buffer,
  options: { raw: { width: number; height: number; channels: 3 } },
) => SharpLike;

async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + seed * 97 + ((i / 3) % width)) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A minimal valid one-page PDF (correct xref offsets). */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

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

  async function chooseFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Dateien auswählen' }).click(),
    ]);
    await chooser.setFiles(files);
  }

  // Issue 5 targets 150 KB; today the shared entry chunk alone is ~177 KB (React, Mantine, TanStack, zod,
  // the catalog). This budget keeps it from growing while that work is open.
  const SUBMIT_JS_BUDGET_KIB = 205;

  it(`loads at most ${SUBMIT_JS_BUDGET_KIB} KiB of gzipped JavaScript for /submit, without editor or KaTeX`, async () => {
    const js = await routeJs(browser, `${origin}/submit/${taskId}`, MOBILE);
    console.log(
      `/submit route JS: ${js.files.length} files, ${(js.gzipBytes / 1024).toFixed(1)} KiB gzipped\n` +
        js.files
          .map((f) => `  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KiB ${f.url.split('/').pop()}`)
          .join('\n'),
    );
    expect(js.files.some((f) => /katex|TaskEditor|content\.module|supabase/i.test(f.url))).toBe(false);
    expect(js.gzipBytes).toBeLessThanOrEqual(SUBMIT_JS_BUDGET_KIB * 1024);
  });

  it('lets a student pick their name, upload two photos and a PDF and see the receipt', async () => {
    await student.goto(`${origin}/submit/${taskId}`);
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
    await student.goto(`${origin}/submit/${taskId}`);
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
    const listbox = page.getByRole('listbox', { name: 'Schülerinnen und Schüler' });
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
});
