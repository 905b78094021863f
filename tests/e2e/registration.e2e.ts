import { readdirSync, readFileSync, statSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSchoolDirectory, type FakeSchoolDirectory } from '../fixtures/fake-school-directory';
import { sessionApi, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { waitForMailLink } from './helpers/outbox';
import { removeDir, startServer, type RunningServer } from './helpers/server';

/**
 * The registration dialog (PRODUCT.md §2, §4) in real Chromium against the built app, its built-in auth and
 * the fake school directory on loopback: a new teacher registers, confirms by mail, gets the teacher role
 * (AUTO_ROLE) and goes through the four steps by keyboard only; the dialog stays closed after a reload and
 * the database holds the name only encrypted. A second account without a recorded password sees the password
 * fields, every message and the skip buttons. Screenshots of each step at 360, 768 and 1366 px.
 */

const SHOTS = '/tmp/shots-registration';
const WIDTHS = [360, 768, 1366] as const;

/** Strings of the dialog as the user sees them. */
const DIALOG = 'Registrierung abschließen';

describe('The registration dialog in a real browser', () => {
  let server: RunningServer;
  let directory: FakeSchoolDirectory;
  let browser: Browser;
  let origin: string;
  let page: Page;
  let errors: string[];
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `neu-${suffix}@schule.test`;
  const password = `Kreide-${suffix}-Tafel7`;
  // A name that appears nowhere else, so that a clear-text copy in the data directory would be found.
  const firstName = `Xaverine${suffix}`;
  const lastName = 'Quastenbrink';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    directory = await startFakeSchoolDirectory({
      BY: [
        { id: 'BY-1', name: 'Gymnasium Leopoldinum', city: 'Passau' },
        { id: 'BY-2', name: 'Realschule am Leopoldpark', city: 'Landshut' },
        { id: 'BY-3', name: 'Grundschule Nord', city: 'Regensburg' },
      ],
      HB: [{ id: 'HB-1', name: 'Oberschule am Barkhof', city: 'Bremen' }],
    });
    server = await startServer({
      env: { DEMO: '0', AUTO_ROLE: 'teacher', SCHOOL_DIRECTORY_URL: directory.url },
    });
    // Mail links point to PUBLIC_URL (default http://localhost:PORT); the browser must use that origin.
    origin = server.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    ({ page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await directory?.close();
    if (server) removeDir(server.dataDir);
  });

  const dialog = () => page.getByRole('dialog', { name: DIALOG });

  async function expectToast(text: string) {
    await expect
      .poll(() => page.locator('[data-toast]').filter({ hasText: text }).first().isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
  }

  async function expectVisible(text: string | RegExp) {
    await expect.poll(() => dialog().getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
  }

  async function stepHeading(name: string) {
    await expect
      .poll(() => dialog().getByRole('heading', { name, exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
  }

  /** The accessible-ish name of the focused element: its label, aria-label or text. */
  function focusedName(): Promise<string> {
    return page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const input = el as HTMLInputElement;
      const label = input.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
      return label.replace(/\s*\*\s*$/, '').trim();
    });
  }

  /** Presses Tab until the focused element has this name (keyboard only). */
  async function tabTo(name: string, max = 30) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if ((await focusedName()) === name) return;
    }
    throw new Error(`"${name}" nicht mit Tab erreicht (zuletzt: "${await focusedName()}")`);
  }

  /** Opens the focused select with the arrow key and moves down to `option`, then Enter. */
  async function pickWithArrows(option: string) {
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('ArrowDown');
      const selected = await page
        .locator('[data-combobox-selected]')
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => null);
      if (selected?.trim() === option) {
        await page.keyboard.press('Enter');
        return;
      }
    }
    throw new Error(`"${option}" nicht mit den Pfeiltasten erreicht`);
  }

  /** Screenshots of the current state at every width; the test goes on at the last one (1366 px). */
  async function shoot(name: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), fullPage: false });
    }
  }

  it('opens after sign-up, confirmation and the automatic teacher role, with the loading overlay first', async () => {
    await page.goto(`${origin}/register`);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(password);
    await page.getByLabel(/^Passwort wiederholen/).fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    const { link } = await waitForMailLink(server.dataDir, { to: email, type: 'signup' });

    // Hold the profile back a moment to see the overlay.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every profile request waits (the header's avatar asks for it too); an aborted one is let go.
    await page.route('**/api/profile', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(link);
    await page.waitForURL('**/classes', { timeout: 15_000 });
    await expect.poll(() => dialog().isVisible(), { timeout: 10_000 }).toBe(true);
    await expectVisible('Loading...');
    await page.screenshot({ path: path.join(SHOTS, 'loading-1366.png') });
    release();
    await stepHeading('Willkommen bei Klassenzimmer!');
    await page.unroute('**/api/profile');
    // The step starts at its first field.
    await expect.poll(() => focusedName()).toBe('Vorname');
    // Not closable: no close button, Escape and a click outside do nothing.
    expect(
      await dialog()
        .getByRole('button', { name: /schließen/i })
        .count(),
    ).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog().isVisible()).toBe(true);
    expect(await dialog().evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(600);
    expect(errors).toEqual([]);
  });

  it('step 1 by keyboard: the name messages, then Weiter', async () => {
    const first = dialog().getByRole('textbox', { name: /^Vorname/ });
    expect(await first.getAttribute('placeholder')).toBe('Erika');
    expect(
      await dialog()
        .getByRole('textbox', { name: /^Nachname/ })
        .getAttribute('placeholder'),
    ).toBe('Mustermann');
    expect(await dialog().getByRole('button', { name: 'Weiter' }).isDisabled()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Überspringen' }).count()).toBe(0);
    await tabTo('Vorname');
    await page.keyboard.type('X');
    await page.keyboard.press('Tab');
    await expectVisible('Der Vorname muss mindestens 2 Zeichen lang sein');
    await page.keyboard.type('Q');
    await page.keyboard.press('Tab');
    await expectVisible('Der Nachname muss mindestens 2 Zeichen lang sein');
    // An empty field with its message shows its placeholder in the placeholder's grey, not red like a value.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    const lastNameField = dialog().getByRole('textbox', { name: /^Nachname/ });
    await expect.poll(() => lastNameField.getAttribute('aria-invalid')).toBe('true');
    const colours = await lastNameField.evaluate((input) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--mantine-color-placeholder)';
      input.parentElement!.append(probe);
      const placeholder = getComputedStyle(probe).color;
      probe.remove();
      return { shown: getComputedStyle(input, '::placeholder').color, placeholder };
    });
    expect(colours.shown).toBe(colours.placeholder);
    await shoot('step1-messages');
    await tabTo('Vorname');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(firstName);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(lastName);
    await shoot('step1');
    await tabTo('Weiter');
    await page.keyboard.press('Enter');
    await stepHeading('Sicherheit');
  });

  it("step 2: 'Passwort bereits gesetzt' after signing up with a password", async () => {
    await expectVisible('Passwort bereits gesetzt');
    expect(
      await dialog()
        .getByLabel(/^Passwort\s*\*?$/)
        .count(),
    ).toBe(0);
    expect(await dialog().getByRole('button', { name: 'Überspringen' }).count()).toBe(0);
    await shoot('step2-already-set');
    await tabTo('Weiter');
    await page.keyboard.press('Enter');
    await stepHeading('Deine Schule');
  });

  it('step 3 by keyboard: state, a suggested school (arrows, Enter, Escape), city filled, source credited', async () => {
    expect(await dialog().getByRole('button', { name: 'Weiter' }).isDisabled()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Überspringen' }).isVisible()).toBe(true);
    await expectVisible('Schuldaten:');
    expect(
      await dialog()
        .getByRole('link', { name: new URL(directory.url).host })
        .isVisible(),
    ).toBe(true);
    expect(await focusedName()).toBe('Bundesland');
    await pickWithArrows('Bayern');
    await expect
      .poll(() => dialog().getByRole('textbox', { name: 'Bundesland' }).inputValue())
      .toBe('Bayern');

    await tabTo('Schule');
    await page.keyboard.type('leopold');
    const suggestion = page.getByRole('option', { name: /Gymnasium Leopoldinum/ });
    await expect.poll(() => suggestion.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('option', { name: /Realschule am Leopoldpark/ }).isVisible()).toBe(true);
    await shoot('step3-suggestions');
    await page.keyboard.press('Escape');
    await expect.poll(() => suggestion.isVisible()).toBe(false);
    // Still open: Escape closed only the list.
    expect(await dialog().isVisible()).toBe(true);
    await page.keyboard.type('i');
    await expect.poll(() => suggestion.isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const school = dialog().getByRole('combobox', { name: 'Schule' });
    await expect.poll(() => school.inputValue()).toBe('Gymnasium Leopoldinum');
    await expect.poll(() => dialog().getByRole('textbox', { name: 'Ort' }).inputValue()).toBe('Passau');
    // The city stays editable.
    await tabTo('Ort');
    await page.keyboard.press('End');
    await page.keyboard.type(' (Innstadt)');
    await shoot('step3');
    expect(directory.requests.BY).toBe(1);
    // A reload goes on at this step with the chosen school (kept in this tab, PRODUCT.md §4).
    await page.reload();
    await stepHeading('Deine Schule');
    await expect
      .poll(() => dialog().getByRole('combobox', { name: 'Schule' }).inputValue(), { timeout: 15_000 })
      .toBe('Gymnasium Leopoldinum');
    expect(await dialog().getByRole('textbox', { name: 'Ort' }).inputValue()).toBe('Passau (Innstadt)');
    expect(await dialog().getByRole('textbox', { name: 'Bundesland' }).inputValue()).toBe('Bayern');
    await tabTo('Weiter');
    await page.keyboard.press('Enter');
    await stepHeading('Deine Fächer');
  });

  it('step 4 by keyboard: subjects as chips, then Fertig', async () => {
    await expectVisible('Keine Fächer ausgewählt');
    expect(await dialog().getByRole('button', { name: 'Fertig' }).isDisabled()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Überspringen' }).isVisible()).toBe(true);
    await shoot('step4-empty');
    expect(await focusedName()).toBe('Deutsch');
    await page.keyboard.press('Space');
    await tabTo('Physik');
    await page.keyboard.press('Space');
    await expectVisible('Ausgewählt: Deutsch, Physik');
    await shoot('step4');
    await tabTo('Fertig');
    await page.keyboard.press('Enter');

    await expectToast('Registrierung erfolgreich abgeschlossen!');
    await expect.poll(() => dialog().count(), { timeout: 10_000 }).toBe(0);
    const api = sessionApi(page);
    const subjects = await api<Array<{ name: string }>>('GET', '/api/subjects');
    expect(subjects.map((s) => s.name).sort()).toEqual(['Deutsch', 'Physik']);
    const { profile } = await api<{ profile: { meta_data: Record<string, unknown> } }>('GET', '/api/profile');
    expect(profile.meta_data).toMatchObject({
      first_name: firstName,
      last_name: lastName,
      school: { bundesland: 'Bayern', city: 'Passau (Innstadt)', schule: 'Gymnasium Leopoldinum' },
    });
    expect(errors).toEqual([]);
  });

  it('stays closed after a reload', async () => {
    await page.reload();
    await expect.poll(() => page.title()).toBe('Klassen');
    await page.waitForTimeout(1500);
    expect(await dialog().count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the password fields with every message and the skip buttons to an account without a password', async () => {
    // An account whose password the metadata does not record (as an invited one, or one from before the
    // flag): signed up, confirmed, then the flag taken off its metadata.
    const other = `ohne-${suffix}@schule.test`;
    const otherPassword = `Schwamm-${suffix}-Kreide8`;
    const signup = await fetch(`${origin}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: other, password: otherPassword }),
    });
    expect(signup.status).toBe(200);
    const { link } = await waitForMailLink(server.dataDir, { to: other, type: 'signup' });
    await fetch(link, { redirect: 'manual' });
    const token = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: other, password: otherPassword }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const unflagged = await fetch(`${origin}/auth/v1/user`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ data: { has_password: null } }),
    });
    expect(unflagged.status).toBe(200);
    const fresh = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    page = fresh.page;
    errors = fresh.errors;
    await signIn(page, origin, { email: other, password: otherPassword }, '/classes');
    await stepHeading('Willkommen bei Klassenzimmer!');
    await page.keyboard.type('Bo');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ek');
    await page.keyboard.press('Enter');

    await stepHeading('Sicherheit');
    const pw = dialog().getByLabel(/^Passwort\s*\*?$/);
    const confirmation = dialog().getByLabel(/^Passwort wiederholen/);
    expect(await dialog().getByRole('button', { name: 'Passwort anzeigen oder verbergen' }).count()).toBe(2);
    await pw.fill('kurz');
    await pw.blur();
    const fieldError = (text: string) =>
      dialog().locator('.mantine-InputWrapper-error').filter({ hasText: text });
    await expect
      .poll(() => fieldError('Das Passwort muss mindestens 8 Zeichen lang sein').isVisible())
      .toBe(true);
    await pw.fill('kreidetafel');
    await expect
      .poll(() => fieldError('Das Passwort muss mindestens einen Großbuchstaben enthalten').isVisible())
      .toBe(true);
    await pw.fill('KREIDETAFEL');
    await expect
      .poll(() => fieldError('Das Passwort muss mindestens einen Kleinbuchstaben enthalten').isVisible())
      .toBe(true);
    await pw.fill('Kreidetafel');
    await expect
      .poll(() => fieldError('Das Passwort muss mindestens eine Zahl enthalten').isVisible())
      .toBe(true);
    // Show/hide.
    expect(await pw.getAttribute('type')).toBe('password');
    await dialog().getByRole('button', { name: 'Passwort anzeigen oder verbergen' }).first().click();
    expect(await pw.getAttribute('type')).toBe('text');
    await pw.fill('Password1');
    await confirmation.fill('Password2');
    await confirmation.blur();
    await expect.poll(() => fieldError('Die Passwörter stimmen nicht überein').isVisible()).toBe(true);
    await shoot('step2-messages');
    await confirmation.fill('Password1');
    // A common password: the auth server refuses it (PRODUCT.md §8 weak_password).
    await dialog().getByRole('button', { name: 'Weiter' }).click();
    await expectVisible('Das Passwort ist zu schwach.');
    await expectVisible('Dieses Passwort wurde in Datenlecks gefunden.');
    await expectVisible('Bitte wähle ein sichereres Passwort.');
    await shoot('step2-weak');
    // The password it already has: same_password counts as set.
    await pw.fill(otherPassword);
    await confirmation.fill(otherPassword);
    await dialog().getByRole('button', { name: 'Weiter' }).click();
    await stepHeading('Deine Schule');
    await dialog().getByRole('button', { name: 'Zurück' }).click();
    await expectVisible('Passwort bereits gesetzt');
    await dialog().getByRole('button', { name: 'Weiter' }).click();
    await stepHeading('Deine Schule');
    await dialog().getByRole('button', { name: 'Überspringen' }).click();
    await stepHeading('Deine Fächer');
    await dialog().getByRole('button', { name: 'Überspringen' }).click();
    await expectToast('Registrierung erfolgreich abgeschlossen!');
    await expect.poll(() => dialog().count(), { timeout: 10_000 }).toBe(0);
    const { profile } = await sessionApi(page)<{ profile: { meta_data: Record<string, unknown> } }>(
      'GET',
      '/api/profile',
    );
    expect(profile.meta_data).toMatchObject({ first_name: 'Bo', last_name: 'Ek', school: null });
    // Chromium's note about the 422 answer of the refused password is the only console error.
    expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
  });

  it("answers from the cache while the directory is down, says 'Keine Schulen gefunden', and the error toast", async () => {
    // The account page has the same fields (ProfileSettings).
    directory.failWith = 503;
    await page.goto(`${origin}/account`);
    const form = page.getByRole('form', { name: 'Profil' });
    await expect.poll(() => form.isVisible(), { timeout: 15_000 }).toBe(true);
    const state = form.getByRole('textbox', { name: 'Bundesland' });
    const school = form.getByRole('combobox', { name: 'Schule' });

    await state.click();
    await page.getByRole('option', { name: 'Bayern' }).click();
    await school.fill('grundschule');
    await expect
      .poll(() => page.getByRole('option', { name: /Grundschule Nord/ }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(directory.requests.BY).toBe(1);

    // Bremen, fetched now with the directory up, has no Gymnasium.
    directory.failWith = null;
    await state.click();
    await page.getByRole('option', { name: 'Bremen' }).click();
    await school.fill('Gymnasium');
    await expect
      .poll(() => page.getByText('Keine Schulen gefunden').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'account-no-results-1366.png') });

    // Saxony, never fetched, while the directory is down: nothing cached → the toast; free text goes on.
    directory.failWith = 503;
    await state.click();
    await page.getByRole('option', { name: 'Sachsen', exact: true }).click();
    await school.fill('Kreuzschule');
    await expectToast('Fehler beim Laden der Schulen');
    expect(await school.inputValue()).toBe('Kreuzschule');
    await shoot('account-profile');
    expect(errors.filter((e) => !/status of (422|503)/.test(e))).toEqual([]);
  });

  it('keeps the name only encrypted in the data directory', async () => {
    const stopped = await server.stop();
    expect(stopped).toBe(0);
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(server.dataDir);
    const containing = (needle: string) =>
      files.filter((file) => readFileSync(file).includes(Buffer.from(needle, 'utf8')));
    // The scan finds clear text where there is some: the e-mail address is stored as it is.
    expect(containing(email).length).toBeGreaterThan(0);
    expect(containing(firstName)).toEqual([]);
    expect(containing(lastName)).toEqual([]);
  });
});
