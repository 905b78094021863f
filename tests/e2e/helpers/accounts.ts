import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

/**
 * Signing in as the seeded demo accounts (DEMO on, the default): the server prints their logins at the first
 * start as `label: email / password`.
 */
export function demoLogin(server: RunningServer, label: string): { email: string; password: string } {
  // One log line per account, in JSON: the address and password end at a space or the closing quote.
  const match = new RegExp(`${label}: ([^\\s\\\\"]+) / ([^\\s\\\\"]+)`).exec(server.output());
  if (!match?.[1] || !match[2]) throw new Error(`Keine Demo-Zugangsdaten für ${label} im Server-Log`);
  return { email: match[1], password: match[2] };
}

/** The sign-in form at /login, then on to `redirect` (a path). */
export async function signIn(
  page: Page,
  origin: string,
  login: { email: string; password: string },
  redirect = '/classes',
): Promise<void> {
  await page.goto(`${origin}/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(login.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(login.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === redirect);
}

/**
 * An API call with the page's cookie session, as the SPA makes it (state changes need X-Requested-With).
 * Throws with the answer's status and body unless it is 2xx.
 */
export function sessionApi(page: Page) {
  return <T>(method: string, url: string, body?: unknown): Promise<T> =>
    page.evaluate<T, { method: string; url: string; body: unknown }>(
      async ({ method, url, body }) => {
        const res = await fetch(url, {
          method,
          headers: {
            'x-requested-with': 'fetch',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      },
      { method, url, body },
    );
}

/**
 * The API called from the test itself with an access token; throws with the answer's status and body unless
 * it is 2xx. A 204 resolves undefined.
 */
export function tokenApi(origin: string) {
  return async <T>(token: string, method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}

/**
 * A teacher registered as on the sign-up page, on a server with AUTH_AUTOCONFIRM=1 and AUTO_ROLE=teacher (the
 * registration dialog counts as done); resolves their access token.
 */
export async function registerTeacher(origin: string, email: string, password: string): Promise<string> {
  const signup = await fetch(`${origin}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      data: { registration_completed: true, profile_setup_done: true, has_password: true },
    }),
  });
  if (signup.status !== 200) throw new Error(`Registrierung von ${email}: ${signup.status}`);
  const grant = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { access_token: token } = (await grant.json()) as { access_token?: string };
  if (!token) throw new Error(`Keine Anmeldung für ${email}: ${grant.status}`);
  return token;
}
