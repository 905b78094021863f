import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, sessionApi, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * A teacher draws a TikZ picture in the task editor (the server renders the preview), saves and publishes the
 * task, and the public submit page shows the picture as SVG with the TeX fonts from this server. At 360, 768
 * and 1366 px nothing overflows; with E2E_SHOTS_DIR set, screenshots of the dialog and the page go there.
 * A picture with umlauts and ß reads as written (name, copy, page text) and follows the colour scheme: in
 * dark mode its lines and labels are light, its tints dark (submit page, its page without JavaScript, and the
 * teacher's task page).
 */
const WIDTHS = [360, 768, 1366];
const SOURCE = [
  '\\begin{tikzpicture}',
  '  \\draw[->] (0,0) -- (3,0) node[right] {$x$};',
  '  \\draw[->] (0,0) -- (0,2) node[above] {$y$};',
  '  \\draw (0,0) circle (1) node[above right] {Kreis};',
  '\\end{tikzpicture}',
].join('\n');
/** Labels TeX sets with accent glyphs and ß, a tint under a label, a black and a blue line. */
const LABELS = [
  '\\begin{tikzpicture}',
  '  \\draw[very thick] (0,0) -- (4,0);',
  '  \\draw[blue, very thick] (0,-0.3) -- (4,-0.3);',
  '  \\node[draw, fill=yellow!30] at (2,0.7) {gefärbt};',
  '  \\node at (2,-0.9) {Straße Öl Übung};',
  '\\end{tikzpicture}',
].join('\n');

/** Relative luminance (0…1) of a CSS `rgb(…)` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The computed colours of a picture: a label's glyphs, the black line, the tinted box under "gefärbt". */
async function pictureColours(picture: Locator) {
  return picture.evaluate((element) => {
    const glyph = element.querySelector('svg text[aria-hidden]')!;
    const paths = Array.from(element.querySelectorAll('svg path'));
    const line = paths.find((p) => getComputedStyle(p).fill === 'none')!;
    const box = paths.find(
      (p) => getComputedStyle(p).fill !== 'none' && getComputedStyle(p).stroke !== 'none',
    )!;
    return {
      label: getComputedStyle(glyph).fill,
      line: getComputedStyle(line).stroke,
      box: getComputedStyle(box).fill,
      page: getComputedStyle(document.body).backgroundColor,
    };
  });
}

/** Shares of light (luminance > 0.4) and dark (< 0.05) pixels in a screenshot of the picture. */
async function pixelShares(picture: Locator) {
  const { data, info } = await sharp(await picture.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let light = 0;
  let dark = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const l = luminance(`rgb(${data[i]}, ${data[i + 1]}, ${data[i + 2]})`);
    if (l > 0.4) light++;
    else if (l < 0.05) dark++;
  }
  const total = data.length / info.channels;
  return { light: light / total, dark: dark / total };
}

/** What selecting the whole picture copies (TeX's glyphs are unselectable; the text layer is the text). */
async function copiedText(picture: Locator) {
  return picture.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    const text = selection.toString();
    selection.removeAllRanges();
    return text;
  });
}

describe('TikZ pictures in a task, from the editor to the submit page', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let page: Page;
  /** The signed-in teacher's page (`page` becomes the student's in the second case). */
  let teacher: Page;
  let errors: string[];
  let classId: string;
  let taskId: string;
  const shots = process.env.E2E_SHOTS_DIR;

  async function shot(name: string, of = page) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await of.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  }

  async function noHorizontalOverflow(of = page) {
    return of.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  }

  /** The element that sticks out furthest to the right (for the failure message). */
  async function widest() {
    return page.evaluate(() => {
      let worst = '';
      let right = window.innerWidth;
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect().right;
        if (r > right) {
          right = r;
          worst = `${el.tagName.toLowerCase()}.${String(el.className)} ${Math.round(r)}`;
        }
      }
      return worst;
    });
  }

  beforeAll(async () => {
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
    teacher = page;
    await signIn(page, origin, demoLogin(server, 'Demo-Lehrkraft'), '/subjects');
    const api = sessionApi(page);
    const subject = await api<{ id: string }>('POST', '/api/subjects', { name: `Geometrie ${Date.now()}` });
    classId = (
      await api<{ id: string }>('POST', '/api/classes', { name: '8t', grade: '8', subject_id: subject.id })
    ).id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('adds a TikZ block with a live preview and saves it with the task', async () => {
    await page.goto(`${origin}/classes/${classId}`);
    await page.getByRole('link', { name: 'Neue Aufgabe' }).first().click();
    await page.waitForURL(/\/tasks\/new\//);
    await page.getByRole('textbox', { name: 'Aufgabentext' }).click();
    await page.keyboard.type('Zeichne den Kreis ab:');

    await page.getByRole('button', { name: 'TikZ-Grafik einfügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'TikZ-Grafik einfügen' });
    const input = dialog.getByRole('textbox', { name: 'TikZ-Code' });
    // A TeX error first: German message and TeX's own line.
    await input.fill('\\begin{tikzpicture}\\foo\\end{tikzpicture}');
    await expect
      .poll(() => dialog.getByText('TeX meldet: Undefined control sequence.').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await input.fill(SOURCE);
    const preview = dialog.getByRole('img', { name: 'TikZ-Grafik' });
    await expect.poll(() => preview.locator('svg path').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await preview.locator('svg').innerHTML()).toContain('Kreis');

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await shot(`dialog-${width}`);
      expect(await noHorizontalOverflow(), `${width} px: ${await widest()}`).toBe(true);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await dialog.getByRole('button', { name: 'Einfügen' }).click();
    const text = page.getByRole('textbox', { name: 'Aufgabentext' });
    await expect.poll(() => text.locator('[data-tikz] svg path').count()).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'hidden' });
    // The title last: the form takes its start values once the page's data is there.
    const title = page.getByRole('textbox', { name: /^Titel/ });
    await title.fill('Koordinatensystem');
    await expect.poll(() => title.inputValue()).toBe('Koordinatensystem');
    await page.getByRole('button', { name: 'Aufgabe anlegen' }).click();
    await page.waitForURL(/\/classes\/[^/]+\/tasks\/[A-Za-z0-9_-]{21}$/).catch(async (error: unknown) => {
      await shot('save-failed');
      throw error;
    });
    taskId = page.url().split('/').pop()!;
    const content = page.getByRole('document', { name: 'Aufgabentext' });
    await expect.poll(() => content.locator('[role=img] svg path').count()).toBeGreaterThan(0);
    await sessionApi(page)('PATCH', `/api/tasks/${taskId}`, { status: 'published' });
    // The one failed request is the preview of the broken source (422), which the dialog showed.
    expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('shows the picture on the public submit page, with the fonts from this server only', async () => {
    const { page: student, errors: studentErrors } = await openPage(browser, {
      viewport: { width: 360, height: 800 },
    });
    const requests: string[] = [];
    student.on('request', (request) => requests.push(request.url()));
    page = student;
    await student.goto(`${origin}/submit/${taskId}`);
    const picture = student.getByRole('img', { name: 'TikZ-Grafik' });
    await expect.poll(() => picture.locator('svg path').count()).toBeGreaterThan(0);
    // The label's font is loaded from /api/render-tikz/fonts/ and nowhere else.
    await expect
      .poll(() => student.evaluate(() => document.fonts.check('10px cmr10')), { timeout: 10_000 })
      .toBe(true);
    expect(requests.some((url) => url.startsWith(`${origin}/api/render-tikz/fonts/cmr10.ttf`))).toBe(true);
    expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
    for (const width of WIDTHS) {
      await student.setViewportSize({ width, height: 800 });
      await shot(`submit-${width}`);
      expect(await noHorizontalOverflow(), `${width} px: ${await widest()}`).toBe(true);
    }
    expect(studentErrors).toEqual([]);
  });

  it('reads labels with umlauts and ß as written and follows the colour scheme, light and dark, at 360 px', async () => {
    const api = sessionApi(teacher);
    const task = await api<{ id: string }>('POST', '/api/tasks', {
      class_id: classId,
      title: 'Farben',
      status: 'published',
      data: { type: 'doc', content: [{ type: 'tikz', attrs: { source: LABELS, svg: null } }] },
    });
    const words = /gefärbt, Straße Öl Übung/;
    for (const mode of ['light', 'dark'] as const) {
      const { page: student, errors: studentErrors } = await openPage(browser, {
        viewport: { width: 360, height: 800 },
      });
      await student.emulateMedia({ colorScheme: mode });
      await student.goto(`${origin}/submit/${task.id}`);
      // The script's page (the server's markup is replaced) with the picture, named with its labels.
      await student.locator('main.ssr').waitFor({ state: 'detached' });
      const picture = student.getByRole('img', { name: words });
      await expect.poll(() => picture.locator('svg path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => student.evaluate(() => document.fonts.check('10px cmr10')), { timeout: 10_000 })
        .toBe(true);
      expect(await student.evaluate(() => document.body.innerText)).toContain('gefärbt');
      expect(await student.evaluate(() => document.body.innerText)).toContain('Straße Öl Übung');
      const copied = await copiedText(picture);
      expect(copied).toContain('gefärbt');
      expect(copied).not.toMatch(/[Ä¼]/);
      await shot(`tikz-labels-${mode}-360`, student);

      const colours = await pictureColours(picture);
      const pixels = await pixelShares(picture);
      if (mode === 'dark') {
        // Lines and labels light on the dark page, the tint under "gefärbt" dark enough for its light label.
        expect(luminance(colours.page), JSON.stringify(colours)).toBeLessThan(0.05);
        expect(luminance(colours.label), JSON.stringify(colours)).toBeGreaterThan(0.4);
        expect(luminance(colours.line), JSON.stringify(colours)).toBeGreaterThan(0.4);
        expect(luminance(colours.box), JSON.stringify(colours)).toBeLessThan(0.05);
        expect(pixels.light, JSON.stringify(pixels)).toBeGreaterThan(0.003);
        expect(pixels.light, JSON.stringify(pixels)).toBeLessThan(0.3);
      } else {
        // As TeX drew it: black on white, the light yellow tint.
        expect(colours.label).toBe('rgb(0, 0, 0)');
        expect(colours.line).toBe('rgb(0, 0, 0)');
        expect(colours.box).toBe('rgb(255, 255, 179)');
        expect(pixels.dark, JSON.stringify(pixels)).toBeGreaterThan(0.003);
      }
      expect(await noHorizontalOverflow(student)).toBe(true);
      expect(studentErrors).toEqual([]);
      await student.context().close();
    }

    // Without JavaScript the server's page shows the picture too, in the phone's scheme.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      colorScheme: 'dark',
      viewport: { width: 360, height: 800 },
      locale: 'de-DE',
    });
    const plain = await noScript.newPage();
    await plain.goto(`${origin}/submit/${task.id}`);
    const plainPicture = plain.getByRole('img', { name: words });
    await plainPicture.waitFor();
    expect(await plain.evaluate(() => document.body.innerText)).toContain('gefärbt');
    await expect
      .poll(async () => luminance((await pictureColours(plainPicture)).label), { timeout: 10_000 })
      .toBeGreaterThan(0.4);
    expect(luminance((await pictureColours(plainPicture)).box)).toBeLessThan(0.05);
    await shot('tikz-labels-dark-360-nojs', plain);
    await noScript.close();

    // The teacher's task page in the app's dark mode (Mantine's scheme, chosen in the app).
    await teacher.setViewportSize({ width: 360, height: 800 });
    await teacher.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await teacher.goto(`${origin}/classes/${classId}/tasks/${task.id}`);
    const own = teacher.getByRole('document', { name: 'Aufgabentext' }).getByRole('img', { name: words });
    await expect.poll(() => own.locator('svg path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const teacherColours = await pictureColours(own);
    expect(luminance(teacherColours.label), JSON.stringify(teacherColours)).toBeGreaterThan(0.4);
    expect(luminance(teacherColours.box), JSON.stringify(teacherColours)).toBeLessThan(0.05);
    await shot('tikz-labels-dark-360-teacher', teacher);
    await teacher.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));
  });
});
