import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { registerTeacher, signIn, tokenApi } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { photo } from './helpers/files';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * /account ('Preferences') in real Chromium against the built app with its built-in auth: a teacher switches
 * the colour mode (kept after a reload, also without the browser's storage), changes the password, downloads
 * the ZIP export and finally deletes the account, after which neither the old token nor the password works.
 */

/** Every entry of a ZIP by its path. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('The account page in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let origin: string;
  const stamp = Date.now().toString(36);
  const email = `konto-${stamp}@schule.test`;
  const otherEmail = `andere-${stamp}@schule.test`;
  const firstPassword = `Kreide-${stamp}-Tafel7`;
  const newPassword = `Schwamm-${stamp}-Heft9`;
  let taskTitle = '';
  const shots = process.env.ACCOUNT_SCREENSHOTS;

  /** POST /auth/v1/token: the status and, when it worked, the access token. */
  async function passwordGrant(address: string, password: string) {
    const res = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password }),
    });
    const body = (await res.json()) as { access_token?: string };
    return { status: res.status, token: body.access_token ?? null };
  }

  const api = <T>(token: string, method: string, url: string, body?: unknown) =>
    tokenApi(origin)<T>(token, method, url, body);

  /**
   * A registered teacher (AUTO_ROLE with AUTH_AUTOCONFIRM) with a profile, a class of two students, a
   * published task and one handed-in photo.
   */
  async function teacherWithClass(address: string, password: string, name: [string, string], title: string) {
    const token = await registerTeacher(origin, address, password);
    await api(token, 'PUT', '/api/profile', { meta_data: { first_name: name[0], last_name: name[1] } });
    const subject = await api<{ id: string }>(token, 'POST', '/api/subjects', { name: 'Mathematik' });
    const klass = await api<{ id: string }>(token, 'POST', '/api/classes', {
      name: '7b',
      grade: '7',
      subject_id: subject.id,
    });
    const { students } = await api<{ students: Array<{ user_id: string }> }>(
      token,
      'POST',
      '/api/createStudents',
      { class_id: klass.id, names: ['Greta Gärtner', 'Ali Acar'] },
    );
    const task = await api<{ id: string }>(token, 'POST', '/api/tasks', {
      class_id: klass.id,
      title,
      status: 'published',
    });
    const form = new FormData();
    form.append('studentId', students[0]!.user_id);
    form.append(
      'files',
      new Blob([new Uint8Array(await photo(60, 40, 3))], { type: 'image/jpeg' }),
      'Seite 1.jpg',
    );
    const upload = await fetch(`${origin}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
    });
    expect(upload.status).toBe(200);
    return task.id;
  }

  async function screenshot(name: string) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    for (const width of [360, 768, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(shots, `${name}-${String(width)}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  const colorScheme = () => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);

  beforeAll(async () => {
    server = await startServer({ env: { DEMO: '0', AUTH_AUTOCONFIRM: '1', AUTO_ROLE: 'teacher' } });
    origin = server.url;
    taskTitle = `Bruchrechnung ${stamp}`;
    await teacherWithClass(email, firstPassword, ['Özlem', 'Kaya'], taskTitle);
    await teacherWithClass(otherEmail, firstPassword, ['Fremde', 'Lehrkraft'], 'Geheime Aufgabe');
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
    await signIn(page, origin, { email, password: firstPassword }, '/account');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('shows the page with the initials avatar', async () => {
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Preferences' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('Özlem Kaya', { exact: true }).isVisible()).toBe(true);
    const avatar = page.getByRole('img', { name: 'Avatar von Özlem Kaya' });
    const src = (await avatar.getAttribute('src')) ?? '';
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(src)).toContain('>ÖK<');
    await screenshot('account');
    expect(errors).toEqual([]);
  });

  it('switches the colour mode, which stays after a reload and comes from the profile', async () => {
    const control = page.getByRole('radiogroup', { name: 'Farbmodus' });
    await control.getByText('Dunkel', { exact: true }).click();
    await expect.poll(colorScheme).toBe('dark');
    // Saved to the profile before the reload. One sign-in: the token endpoint is rate-limited.
    const { token } = await passwordGrant(email, firstPassword);
    await expect
      .poll(async () => {
        const { profile } = await api<{ profile: { meta_data: { color_scheme?: string } } }>(
          token!,
          'GET',
          '/api/profile',
        );
        return profile.meta_data.color_scheme;
      })
      .toBe('dark');
    await screenshot('account-dark');

    await page.reload();
    await expect.poll(colorScheme).toBe('dark');
    // Without this browser's own copy the profile's mode still arrives once the profile is loaded.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    // Follows the system until the profile has loaded (session, then profile): more than a second on a busy machine.
    await expect.poll(colorScheme, { timeout: 10_000 }).toBe('dark');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('mantine-color-scheme-value')))
      .toBe('dark');

    await page.getByRole('radiogroup', { name: 'Farbmodus' }).getByText('Hell', { exact: true }).click();
    await expect.poll(colorScheme).toBe('light');
    expect(errors).toEqual([]);
  });

  it('changes the password: a weak one is refused with the message, then the new one replaces the old', async () => {
    const section = page.getByRole('region', { name: 'Passwort ändern' });
    const fill = async (password: string) => {
      await section.getByLabel(/^Neues Passwort/).fill(password);
      await section.getByLabel(/^Passwort wiederholen/).fill(password);
      await section.getByRole('button', { name: 'Passwort speichern' }).click();
    };

    await fill('Password123');
    await expect
      .poll(() => section.getByText('Das Passwort ist zu schwach.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot('account-weak-password');

    await fill(newPassword);
    // The auth server hashes the new password first: on a busy machine that takes more than a second.
    await expect
      .poll(() => page.getByText('Dein Passwort wurde gespeichert.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/account');
    expect((await passwordGrant(email, firstPassword)).status).toBe(400);
    expect((await passwordGrant(email, newPassword)).status).toBe(200);
    // The weak attempt was a 422 of the auth server, shown in the form: the console logs that request.
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('422')));
    expect(errors).toEqual([]);
  });

  it('downloads the export with the profile, the teacher’s data and files, and nothing of another teacher', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Daten herunterladen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^klassenzimmer-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await unzip(readFileSync(await download.path()));

    const { profile } = JSON.parse(entries.get('profile.json')!.toString('utf8')) as {
      profile: { meta_data: { first_name: string; last_name: string } };
    };
    expect(profile.meta_data).toMatchObject({ first_name: 'Özlem', last_name: 'Kaya' });
    const tasks = JSON.parse(entries.get('tasks.json')!.toString('utf8')) as Array<{ title: string }>;
    expect(tasks.map((t) => t.title)).toEqual([taskTitle]);
    expect(entries.get('account.json')!.toString('utf8')).toContain(email);
    expect(entries.get('students.json')!.toString('utf8')).toContain('Gärtner');
    expect(
      [...entries.keys()].filter((name) => name.startsWith('files/') && name.endsWith('.jpg')),
    ).toHaveLength(1);
    expect(entries.get('README.txt')!.toString('utf8')).toContain('Export deiner Daten');
    const everything = [...entries.values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toContain('Geheime Aufgabe');
    expect(everything).not.toContain(otherEmail);
    await expect.poll(() => page.getByText('Der Export wurde heruntergeladen.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('deletes the account after the e-mail is typed; the old token and the password stop working', async () => {
    const { token: oldToken } = await passwordGrant(email, newPassword);
    expect(oldToken).toBeTruthy();

    await page.getByRole('button', { name: 'Konto löschen …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Konto endgültig löschen?' });
    await dialog.getByLabel(/^E-Mail-Adresse/).fill(email);
    await screenshot('account-delete-dialog');
    await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();

    await page.waitForURL((url) => url.pathname === '/login');
    await expect
      .poll(() =>
        page
          .getByText('Dein Konto und alle zugehörigen Daten wurden gelöscht.', { exact: false })
          .isVisible(),
      )
      .toBe(true);
    await screenshot('account-deleted');

    const res = await fetch(`${origin}/api/profile`, { headers: { authorization: `Bearer ${oldToken!}` } });
    expect(res.status).toBe(401);
    expect((await passwordGrant(email, newPassword)).status).toBe(400);
    // The other teacher is untouched.
    expect((await passwordGrant(otherEmail, firstPassword)).status).toBe(200);
    // The sign-out after the deletion may log the server's refusal of the ended session.
    expect(errors.filter((e) => !/401|403/.test(e))).toEqual([]);
  });
});
