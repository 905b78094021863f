import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { waitForMailLink } from './helpers/outbox';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * In real Chromium against the built app: the landing page `/` is for visitors, a signed-in teacher who
 * opens it (or clicks the logo) lands in the app; `/email-confirmed` says "confirmed" only after the
 * confirmation link really went through `/auth/v1/verify` and supabase-js took over its session.
 */
describe('Landing page and e-mail confirmation in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  /** Mail links point to PUBLIC_URL (default http://localhost:PORT); the browser must use that origin. */
  let origin: string;
  const seenMails = new Set<string>();
  const confirmed = 'Danke! Deine E-Mail-Adresse ist bestätigt.';

  beforeAll(async () => {
    server = await startServer();
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  const pathname = (page: Page) => new URL(page.url()).pathname;

  async function register(page: Page, email: string, password: string): Promise<string> {
    await page.goto(`${origin}/register`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(password);
    await page.getByLabel(/^Passwort wiederholen/).fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    const { link } = await waitForMailLink(server.dataDir, { to: email, type: 'signup', seen: seenMails });
    return link;
  }

  it('shows the landing page to a visitor and the start page to a signed-in teacher (address and logo)', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Registrieren' }).isVisible()).toBe(true);
    expect(pathname(page)).toBe('/');

    await signIn(page, origin, demoLogin(server, 'Demo-Lehrkraft'), '/subjects');
    await page.getByRole('banner').getByRole('link', { name: 'Klassenzimmer' }).click();
    await page.waitForURL((url) => url.pathname === '/classes');

    await page.goto(`${origin}/`);
    await page.waitForURL((url) => url.pathname === '/classes');
    expect(await page.getByRole('link', { name: 'Registrieren' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('explains /email-confirmed opened without a link or with a made-up code, and offers a new mail', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${origin}/email-confirmed`);
    await expect
      .poll(() => page.getByText('Hier kam kein Bestätigungslink an.', { exact: false }).isVisible())
      .toBe(true);
    expect(await page.getByText(confirmed).count()).toBe(0);

    await page.goto(`${origin}/email-confirmed?code=ausgedacht`);
    await expect
      .poll(() =>
        page
          .getByText('Wir konnten die Bestätigung in diesem Browser nicht abschließen.', { exact: false })
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByText(confirmed).count()).toBe(0);

    // A new mail right after the registration mail is refused (one mail a minute per address) and says so.
    const email = `neu-${Date.now()}@schule.test`;
    await register(page, email, `Kreide-${Math.random().toString(36).slice(2, 8)}-Tafel7`);
    await page.goto(`${origin}/email-confirmed`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByRole('button', { name: 'Bestätigungsmail senden' }).click();
    await expect.poll(() => page.getByText('Zu viele Versuche', { exact: false }).isVisible()).toBe(true);
    // The answer never tells whether an address has an account.
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(`unbekannt-${Date.now()}@schule.test`);
    await page.getByRole('button', { name: 'Bestätigungsmail senden' }).click();
    await expect
      .poll(() => page.getByText('neue Bestätigungsmail geschickt', { exact: false }).isVisible())
      .toBe(true);
    // The refused request is on the console as a failed resource load; nothing else went wrong.
    errors.splice(0, errors.length, ...errors.filter((e) => !/status of 429/.test(e)));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says confirmed after the real link in the browser that registered', async () => {
    const { page, errors } = await openPage(browser);
    const link = await register(page, `echt-${Date.now()}@schule.test`, 'Kreide-echt-Tafel7');
    await page.goto(link);
    await expect.poll(() => page.getByText(confirmed).isVisible()).toBe(true);
    await page.waitForURL('**/waitlist', { timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opened in another browser, the real link confirms the address without claiming it there; signing in works', async () => {
    const { page: registering } = await openPage(browser);
    const email = `anderes-geraet-${Date.now()}@schule.test`;
    const password = 'Kreide-zwei-Tafel7';
    const link = await register(registering, email, password);
    await registering.context().close();

    const { page, errors } = await openPage(browser);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/email-confirmed');
    await expect
      .poll(() =>
        page
          .getByText('Wir konnten die Bestätigung in diesem Browser nicht abschließen.', { exact: false })
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByText(confirmed).count()).toBe(0);

    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // The failed code exchange of this browser settles in the background and may render the form afresh;
    // the test types once it is still.
    await page.waitForLoadState('networkidle');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(password);
    expect(await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/waitlist');
    // PKCE: supabase-js reports the missing code verifier of this browser on the console; nothing else.
    expect(errors.filter((e) => !/code verifier/i.test(e))).toEqual([]);
    await page.context().close();
  });
});
