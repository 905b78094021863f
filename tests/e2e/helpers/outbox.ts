import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reading the mails the app writes to `DATA_DIR/outbox/*.eml` (no SMTP_URL): a small MIME reader that
 * undoes quoted-printable (soft line breaks inside long links) and base64, so tests can follow links.
 */

export interface OutboxMail {
  file: string;
  headers: Record<string, string>;
  /** Every decoded text part (text/plain and text/html). */
  bodies: string[];
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  let last: string | null = null;
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      headers[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    headers[last] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Quoted-printable → text: soft line breaks removed, `=XX` bytes decoded as UTF-8. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function leafBodies(part: Part): string[] {
  const contentType = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => leafBodies(splitHeaders(section.replace(/^\r?\n/, ''))));
  }
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(part.body)];
  if (encoding === 'base64') return [Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  return [part.body];
}

export function parseEml(raw: string, file = ''): OutboxMail {
  const root = splitHeaders(raw);
  return { file, headers: root.headers, bodies: leafBodies(root) };
}

/** The auth-server links (`…/auth/v1/verify?…`) in a mail, HTML entities undone. */
export function verifyLinks(mail: OutboxMail): string[] {
  const links = new Set<string>();
  for (const body of mail.bodies) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>]+\/auth\/v1\/verify\?[^\s"'<>]+/g)) {
      links.add(match[0].replace(/&amp;/g, '&'));
    }
  }
  return [...links];
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((name) => parseEml(readFileSync(path.join(dir, name), 'utf8'), name));
}

/**
 * Waits for a mail to `to` not in `seen` whose verify link has the given `type` (signup, recovery …)
 * and returns that link.
 */
export async function waitForMailLink(
  dataDir: string,
  options: { to: string; type: string; seen?: Set<string>; timeoutMs?: number },
): Promise<{ link: string; mail: OutboxMail }> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    for (const mail of readOutbox(dataDir)) {
      if (options.seen?.has(mail.file)) continue;
      if (!(mail.headers.to ?? '').toLowerCase().includes(options.to.toLowerCase())) continue;
      const link = verifyLinks(mail).find(
        (candidate) => new URL(candidate).searchParams.get('type') === options.type,
      );
      if (link) {
        options.seen?.add(mail.file);
        return { link, mail };
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`Keine Mail (${options.type}) an ${options.to} im Postausgang ${dataDir}/outbox`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
