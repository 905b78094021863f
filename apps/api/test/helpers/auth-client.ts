import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { linksIn, plainText } from '../../../../tests/fixtures/smtp-sink';
import type { DatabaseDriver } from '../../src/db/client';
import { mintServiceRoleToken } from '../../src/local-auth';
import { createTestApp, type TestApp } from './app';

// supabase-js against the built-in /auth/v1 on a loopback port (ADR 005), for the local-auth*.test.ts suites:
// the client as the web app configures it, the app it talks to, and the mails in DATA_DIR/outbox.

export const PASSWORD = 'Klassen2026Zimmer';
export const NEW_PASSWORD = 'Tafel2027Kreide';

/** Realtime is not used here; Node 20 has no global WebSocket for supabase-js to find. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in these tests');
  }
}

export interface ClientOptions {
  flowType?: 'implicit' | 'pkce';
}

/** supabase-js as the web app configures it, minus storage and background refresh. */
export function authClient(url: string, key: string, options: ClientOptions = {}) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options },
    realtime: { transport: NoWebSocket as never },
  });
}

let counter = 0;
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${counter++}@schule.example`;

/** An app with `env` listening on loopback; `base` is its origin, `admin` a client with the service role. */
export async function listening(driver: DatabaseDriver, env: Record<string, string> = {}) {
  const t = await createTestApp({ driver, env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const serviceKey = await mintServiceRoleToken(t.app.config);
  return { t, base, serviceKey, admin: authClient(base, serviceKey) };
}

/** A confirmed account made through the admin API. */
export async function createConfirmedUser(
  admin: SupabaseClient,
  email = uniqueEmail('user'),
  password = PASSWORD,
) {
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  expect(error).toBeNull();
  return { id: data.user!.id, email, password };
}

/** A fresh client of the app at `base`, signed in with the password. */
export async function passwordSession(base: string, email: string, password = PASSWORD) {
  const supabase = authClient(base, 'local');
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { supabase, session: data.session! };
}

/** How many mails to `to` are in DATA_DIR/outbox. */
export async function outboxCount(t: TestApp, to: string): Promise<number> {
  const dir = path.join(t.app.config.DATA_DIR, 'outbox');
  return (await readdir(dir).catch(() => [])).filter((f) => f.endsWith(`-${to}.eml`)).length;
}

/** The newest mail to `to` in DATA_DIR/outbox, decoded, with its links pointed at the app listening at `base`. */
export async function newestMail(
  t: TestApp,
  base: string,
  to: string,
): Promise<{ subject: string; text: string; link: string; otp: string }> {
  const dir = path.join(t.app.config.DATA_DIR, 'outbox');
  const files = (await readdir(dir)).filter((f) => f.endsWith(`-${to}.eml`)).sort();
  const file = files.at(-1);
  if (!file) throw new Error(`no mail to ${to}`);
  const raw = await readFile(path.join(dir, file), 'utf8');
  const link = linksIn(raw).find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error('no verify link');
  const subject = /^Subject: (.*(?:\r?\n .*)*)/m.exec(raw)?.[1] ?? '';
  return {
    subject: decodeHeader(subject),
    text: plainText(raw),
    link: link.replace(t.app.config.PUBLIC_URL, base),
    otp: /Code eingeben: (\d{6})/.exec(plainText(raw))?.[1] ?? '',
  };
}

/** Follows a mail link without following the redirect; answers the Location. */
export async function open(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n /g, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_m, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .trim();
}
