import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, runServerExpectingFailure, startServer, type RunningServer } from './helpers/server';

describe('The built app in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('renders the German home page without console errors', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(server.url + '/');
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Klassenzimmer');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(errors).toEqual([]);
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, errors } = await openPage(browser);
    const res = await page.goto(server.url + '/gibt/es/nicht');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByText('404').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Seite nicht gefunden').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows message and header of the error page from the query', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(server.url + '/error?message=Etwas%20ging%20schief&header=Achtung');
    await expect.poll(() => page.getByRole('heading', { name: 'Achtung' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Etwas ging schief').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('sends a signed-out visitor of a protected page to the login with a way back', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(server.url + '/notifications');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/notifications');
    await expect.poll(() => page.title()).toContain('Anmelden');
    expect(errors).toEqual([]);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const notFound = await fetch(server.url + '/api/does-not-exist');
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('Restarting on the same DATA_DIR', () => {
  it('starts again with the same data and shuts down cleanly on SIGTERM', async () => {
    const first = await startServer();
    try {
      expect(await first.stop()).toBe(0);
      expect(first.output()).toContain('shutting down');
      const second = await startServer({ dataDir: first.dataDir });
      const health = (await (await fetch(second.url + '/api/health')).json()) as { database: string };
      expect(health.database).toBe('up');
      expect(await second.stop()).toBe(0);
    } finally {
      removeDir(first.dataDir);
    }
  });
});

describe('Starting with a bad configuration', () => {
  it('stops with exit code 1 and names the variable', async () => {
    const { code, output } = await runServerExpectingFailure({ PORT: 'drei', AI_PROVIDER: 'magie' });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).toContain('AI_PROVIDER');
    expect(output).not.toMatch(/at .*\.js:\d+/);
  });
});
