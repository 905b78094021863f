import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Env } from '../../env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends one mail: by SMTP when SMTP_URL is set, else as an .eml file in DATA_DIR/outbox. */
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `DATA_DIR/outbox`, where mails go when SMTP_URL is unset (ARCHITECTURE.md §4). */
export function outboxDir(env: Pick<Env, 'DATA_DIR'>): string {
  return path.join(env.DATA_DIR, 'outbox');
}

/** `2025-01-31T12-00-00-123Z-anna@example.org`: sortable, and safe as a file name on every system. */
function outboxName(to: string, now: Date, attempt: number): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const address = to.replace(/[^\w.@+-]/g, '_').slice(0, 120);
  return `${stamp}-${address}${attempt ? `-${attempt}` : ''}.eml`;
}

/**
 * The one mailer of the app. Without SMTP_URL each mail is rendered as RFC 822 (nodemailer's stream
 * transport) and written to the outbox; its path is logged, never its content (links carry tokens).
 */
export function createMailer(
  env: Pick<Env, 'DATA_DIR' | 'SMTP_URL' | 'MAIL_FROM'>,
  log: FastifyBaseLogger,
): Mailer & { close(): void } {
  const smtp = env.SMTP_URL !== undefined;
  // nodemailer loads with the first mail: most servers rarely send one (ADR 023).
  let transport: Promise<Transporter> | undefined;
  const load = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtp
        ? nodemailer.createTransport(env.SMTP_URL)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    ));
  const dir = outboxDir(env);

  return {
    async send(mail) {
      const message = { from: env.MAIL_FROM, ...mail };
      const info = (await (await load()).sendMail(message)) as { message?: Buffer; messageId?: string };
      if (smtp) {
        log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'Mail verschickt');
        return;
      }
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer lieferte keine Nachricht');
      await mkdir(dir, { recursive: true });
      const now = new Date();
      for (let attempt = 0; ; attempt++) {
        const file = path.join(dir, outboxName(mail.to, now, attempt));
        try {
          await writeFile(file, info.message, { flag: 'wx', mode: 0o600 });
          log.info({ to: mail.to, subject: mail.subject, file }, 'Mail in den Postausgang geschrieben');
          return;
        } catch (err) {
          // Two mails to one address within the same millisecond: take the next free name.
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 100) throw err;
        }
      }
    },
    close() {
      void transport?.then(
        (t) => t.close(),
        () => undefined,
      );
    },
  };
}

export default fp(
  async function mailerPlugin(app: FastifyInstance) {
    const mailer = createMailer(app.config, app.log);
    app.decorate('mailer', { send: (mail: Mail) => mailer.send(mail) });
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);
