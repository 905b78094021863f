import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { waitForMailLink } from './helpers/outbox';
import { removeDir, repoRoot, startServer, type RunningServer } from './helpers/server';

const run = promisify(execFile);

/**
 * A new teacher, as they would do it, in real Chromium against the built app with its built-in auth:
 * register → confirmation mail in the outbox → confirm → waitlist → role granted by the operator's CLI →
 * classes; password reset through the mail link; used links; the admin pages closed to teachers and
 * working for an organization member; the one-click demo.
 */
describe('Accounts and access in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  /** Mail links point to PUBLIC_URL (default http://localhost:PORT); the browser must use that origin. */
  let origin: string;
  let page: Page;
  let errors: string[];
  const seenMails = new Set<string>();
  const email = `lehrkraft-${Date.now()}@schule.test`;
  let password = `Kreide-${Math.random().toString(36).slice(2, 8)}-Tafel7`;
  let confirmationLink = '';

  beforeAll(async () => {
    // DEMO on (the default): the seeded demo accounts give the admin pages and /demo something to work with.
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  function pathname(): string {
    return new URL(page.url()).pathname;
  }

  /** Fills the sign-in form; opens /login first unless the page is already there (with its `redirect`). */
  async function signIn(withPassword: string) {
    if (pathname() !== '/login') await page.goto(`${origin}/login`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(withPassword);
    await page.getByRole('button', { name: 'Anmelden' }).click();
  }

  /** A new teacher first goes through the registration dialog (PRODUCT.md §2); here with the least input. */
  async function finishRegistration() {
    const dialog = page.getByRole('dialog', { name: 'Registrierung abschließen' });
    await dialog.getByRole('textbox', { name: /^Vorname/ }).fill('Erika');
    await dialog.getByRole('textbox', { name: /^Nachname/ }).fill('Muster');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByText('Passwort bereits gesetzt').waitFor();
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByRole('heading', { name: 'Deine Schule' }).waitFor();
    await dialog.getByRole('button', { name: 'Überspringen' }).click();
    await dialog.getByRole('heading', { name: 'Deine Fächer' }).waitFor();
    await dialog.getByRole('button', { name: 'Überspringen' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async function signOut() {
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL('**/login');
  }

  it('registers a new account and sends the confirmation mail', async () => {
    await page.goto(`${origin}/register`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(password);
    await page.getByLabel(/^Passwort wiederholen/).fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();

    await expect
      .poll(() => page.getByText('Bitte bestätige deine E-Mail-Adresse').isVisible(), { timeout: 10_000 })
      .toBe(true);
    ({ link: confirmationLink } = await waitForMailLink(server.dataDir, {
      to: email,
      type: 'signup',
      seen: seenMails,
    }));
    expect(confirmationLink.startsWith(`${origin}/auth/v1/verify?`)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('confirms through the mail link and puts the account without a role on the waitlist', async () => {
    await page.goto(confirmationLink);

    await expect
      .poll(() => page.getByText('Deine E-Mail-Adresse ist bestätigt', { exact: false }).isVisible())
      .toBe(true);
    await page.waitForURL('**/waitlist', { timeout: 10_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Fast geschafft!' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`Angemeldet als ${email}`).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('sends a signed-in account without a role from a protected page to /login', async () => {
    // The session comes from the cookie at once, so /login passes it on to /waitlist in the same moment:
    // every address the page went through is recorded.
    const seen: string[] = [];
    const record = (frame: Frame) => {
      if (frame === page.mainFrame()) seen.push(frame.url());
    };
    page.on('framenavigated', record);
    await page.goto(`${origin}/classes`);
    await expect.poll(() => seen.some((url) => url.includes('/login?redirect=%2Fclasses'))).toBe(true);
    page.off('framenavigated', record);
    await page.goto(`${origin}/waitlist`);
    expect(errors).toEqual([]);
  });

  it('reaches the classes once the operator grants the teacher role and the user checks again', async () => {
    const { stdout } = await run(
      process.execPath,
      [path.join(repoRoot, 'apps/api/dist/cli.js'), 'role', 'grant', email, 'teacher'],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: server.dataDir },
      },
    );
    expect(stdout).toContain(email);

    await page.getByRole('button', { name: 'Erneut prüfen' }).click();

    await page.waitForURL('**/classes');
    await expect.poll(() => page.title()).toBe('Klassen');
    await finishRegistration();
    expect(errors).toEqual([]);
  });

  it('shows the 404 page to a teacher who opens /admin/users', async () => {
    await page.goto(`${origin}/admin/users`);

    await expect
      .poll(() => page.getByRole('heading', { name: 'Seite nicht gefunden' }).isVisible())
      .toBe(true);
    expect(pathname()).toBe('/404');
    expect(errors).toEqual([]);
  });

  it("shows the 'Hoppla!' page when the confirmation link is opened again", async () => {
    await page.goto(confirmationLink);

    await expect.poll(() => page.getByRole('heading', { name: 'Hoppla!' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Email link wurde bereits verwendet oder ist abgelaufen.').isVisible())
      .toBe(true);
    expect(pathname()).toBe('/error');
    expect(errors).toEqual([]);
  });

  it('signs out from the user menu and in again', async () => {
    await page.goto(`${origin}/classes`);
    await signOut();
    await page.goto(`${origin}/subjects`);
    await page.waitForURL('**/login?redirect=**');

    await signIn(password);

    await page.waitForURL('**/subjects');
    expect(errors).toEqual([]);
  });

  it('resets the password through the mail link, and the used link shows the error page', async () => {
    await signOut();
    await page.goto(`${origin}/reset-password`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect
      .poll(() =>
        page.getByText('Falls es ein Konto mit dieser E-Mail-Adresse gibt', { exact: false }).isVisible(),
      )
      .toBe(true);
    const { link } = await waitForMailLink(server.dataDir, { to: email, type: 'recovery', seen: seenMails });

    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/update-password' && !url.searchParams.has('code'));
    password = `Neu-${Math.random().toString(36).slice(2, 8)}-Kreide9`;
    await page.getByLabel(/^Neues Passwort/).fill(password);
    await page.getByLabel(/^Passwort wiederholen/).fill(password);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.waitForURL('**/classes');

    await signOut();
    await signIn(password);
    await page.waitForURL('**/classes');

    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Hoppla!' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("answers a wrong password with 'Ungültige Anmeldedaten'", async () => {
    const fresh = await openPage(browser);
    page = fresh.page;
    await signIn('Falsch-Passwort-1');

    await expect.poll(() => page.getByText('Ungültige Anmeldedaten').isVisible()).toBe(true);
    // The only console error is Chromium's note about the 400 answer of the token endpoint.
    expect(fresh.errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
  });

  it('lets an organization member grant and revoke roles, send a reset mail and delete an account', async () => {
    const admin = demoLogin(server, 'Demo-Organisationsmitglied');
    const fresh = await openPage(browser);
    page = fresh.page;
    await page.goto(`${origin}/login?redirect=%2Fadmin%2Fusers`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(admin.email);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(admin.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/admin/users');

    const teacherBox = page.getByRole('checkbox', { name: `Lehrkraft für ${email}` });
    const orgBox = page.getByRole('checkbox', { name: `Organisationsmitglied für ${email}` });
    await expect.poll(() => teacherBox.isChecked()).toBe(true);
    expect(await orgBox.isChecked()).toBe(false);

    await orgBox.click();
    await expect.poll(() => page.getByText('Rolle „Organisationsmitglied“ vergeben').isVisible()).toBe(true);
    await orgBox.click();
    await expect.poll(() => page.getByText('Rolle „Organisationsmitglied“ entzogen').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => orgBox.isChecked()).toBe(false);
    expect(await teacherBox.isChecked()).toBe(true);

    // To the demo teacher: the new teacher had a recovery mail a moment ago (one per minute and address).
    const demoTeacher = demoLogin(server, 'Demo-Lehrkraft');
    await page
      .getByRole('row')
      .filter({ hasText: demoTeacher.email })
      .getByRole('button', { name: 'Passwort-Link senden' })
      .click();
    await expect
      .poll(() => page.getByText(`an ${demoTeacher.email} verschickt`, { exact: false }).isVisible())
      .toBe(true);
    await waitForMailLink(server.dataDir, { to: demoTeacher.email, type: 'recovery', seen: seenMails });

    await page.goto(`${origin}/admin/rights`);
    await expect.poll(() => page.getByRole('heading', { name: 'Berechtigungen' }).isVisible()).toBe(true);

    await page.goto(`${origin}/admin/users`);
    await page.getByRole('button', { name: `${email} löschen` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect.poll(() => page.getByText(`Konto ${email} gelöscht`).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('row').filter({ hasText: admin.email }).count()).toBe(1);
    expect(await page.getByRole('row').filter({ hasText: email }).count()).toBe(0);
    expect(fresh.errors).toEqual([]);
  });

  it('starts the demo with one click', async () => {
    const fresh = await openPage(browser);
    page = fresh.page;
    await page.goto(`${origin}/demo`);

    await page.getByRole('button', { name: 'Demo starten' }).click();

    await page.waitForURL('**/classes');
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await expect
      .poll(() => page.getByText(demoLogin(server, 'Demo-Lehrkraft').email, { exact: false }).isVisible())
      .toBe(true);
    expect(fresh.errors).toEqual([]);
  });
});
