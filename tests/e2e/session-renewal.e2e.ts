import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, signIn } from './helpers/accounts';
import { launchBrowser, openPage } from './helpers/browser';
import { removeDir, startServer, type RunningServer } from './helpers/server';

// The server stops accepting the access tokens it issued (here: its signing secret was changed without a
// grace period, as after a leak). A signed-in teacher's next page renews the token with the session's
// refresh token and goes on working instead of showing errors.

describe('A teacher signed in while the signing secret changes', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ env: { JWT_SECRET: randomBytes(32).toString('hex') } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('keeps working: the refused token is renewed once and the request sent again', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    const origin = server.url;
    await signIn(page, origin, demoLogin(server, 'Demo-Lehrkraft'));
    await expect.poll(() => page.getByRole('link', { name: /7b/ }).first().isVisible()).toBe(true);

    await server.stop();
    server = await startServer({
      dataDir: server.dataDir,
      port: Number(new URL(origin).port),
      env: { JWT_SECRET: randomBytes(32).toString('hex') },
    });

    const answers: Array<{ path: string; status: number }> = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/v1/token'))
        answers.push({ path: url.pathname, status: res.status() });
    });
    // While the server was down the page's live updates could not connect; only what follows counts.
    errors.length = 0;
    await page.reload();
    await page.getByRole('link', { name: /7b/ }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('7b');
    await expect.poll(() => page.getByText('Lea Bauer').first().isVisible()).toBe(true);

    // The old token was refused, a new one fetched, and the lists came with it.
    expect(answers.some((a) => a.status === 401)).toBe(true);
    expect(answers).toContainEqual({ path: '/auth/v1/token', status: 200 });
    expect(answers.filter((a) => a.path === '/api/classes').map((a) => a.status)).toContain(200);
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
    await page.context().close();
  });
});
