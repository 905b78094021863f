import type { Mail } from '../plugins/app/mailer';
import type { OneTimeTokenType } from './schema';

// The German mails of the built-in auth. Each carries a link to GET /auth/v1/verify (which redirects to the
// SPA: /email-confirmed, /update-password …) and the six-digit code that POST /auth/v1/verify also accepts.

const PRODUCT = 'Klassenzimmer';

interface MailText {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

const TEXTS: Record<OneTimeTokenType, MailText> = {
  signup: {
    subject: `Bitte bestätige deine E-Mail-Adresse für ${PRODUCT}`,
    intro: `vielen Dank für deine Registrierung bei ${PRODUCT}. Bitte bestätige deine E-Mail-Adresse über diesen Link:`,
    action: 'E-Mail-Adresse bestätigen',
    outro: 'Wenn du dich nicht registriert hast, kannst du diese E-Mail ignorieren.',
  },
  invite: {
    subject: `Du wurdest zu ${PRODUCT} eingeladen`,
    intro: `du wurdest zu ${PRODUCT} eingeladen. Über diesen Link nimmst du die Einladung an:`,
    action: 'Einladung annehmen',
    outro: 'Wenn du keine Einladung erwartet hast, kannst du diese E-Mail ignorieren.',
  },
  recovery: {
    subject: `Passwort für ${PRODUCT} zurücksetzen`,
    intro: `wir haben eine Anfrage erhalten, das Passwort deines ${PRODUCT}-Kontos zurückzusetzen. Über diesen Link legst du ein neues Passwort fest:`,
    action: 'Neues Passwort festlegen',
    outro:
      'Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren; dein Passwort bleibt unverändert.',
  },
  magiclink: {
    subject: `Dein Anmeldelink für ${PRODUCT}`,
    intro: `über diesen Link meldest du dich bei ${PRODUCT} an:`,
    action: 'Jetzt anmelden',
    outro: 'Wenn du dich nicht anmelden wolltest, kannst du diese E-Mail ignorieren.',
  },
};

function validity(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  return hours === 1 ? 'eine Stunde' : `${hours} Stunden`;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function authMail(
  type: OneTimeTokenType,
  to: string,
  input: { link: string; otp: string; lifetimeMs: number },
): Mail {
  const t = TEXTS[type];
  const valid = `Der Link ist ${validity(input.lifetimeMs)} gültig und funktioniert nur einmal.`;
  const text = [
    'Hallo,',
    '',
    t.intro,
    '',
    input.link,
    '',
    `Alternativ kannst du diesen Code eingeben: ${input.otp}`,
    '',
    valid,
    t.outro,
    '',
    `Dein ${PRODUCT}-Team`,
    '',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="de"><body style="font-family: sans-serif; line-height: 1.5">
<p>Hallo,</p>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${link}">${escapeHtml(t.action)}</a></p>
<p>Alternativ kannst du diesen Code eingeben: <strong>${input.otp}</strong></p>
<p>${escapeHtml(valid)} ${escapeHtml(t.outro)}</p>
<p>Dein ${PRODUCT}-Team</p>
</body></html>
`;
  return { to, subject: t.subject, text, html };
}

/** The reauthentication nonce (GET /reauthenticate): a code only, entered where the password is changed. */
export function reauthenticationMail(to: string, otp: string, lifetimeMs: number): Mail {
  const subject = `Dein Bestätigungscode für ${PRODUCT}`;
  const intro = `um dein Passwort bei ${PRODUCT} zu ändern, gib diesen Code ein:`;
  const valid = `Der Code ist ${validity(lifetimeMs)} gültig und funktioniert nur einmal.`;
  const outro = 'Wenn du das nicht angefordert hast, ändere bitte dein Passwort.';
  const text = [
    'Hallo,',
    '',
    intro,
    '',
    `Code: ${otp}`,
    '',
    valid,
    outro,
    '',
    `Dein ${PRODUCT}-Team`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="de"><body style="font-family: sans-serif; line-height: 1.5">
<p>Hallo,</p>
<p>${escapeHtml(intro)}</p>
<p>Code: <strong>${otp}</strong></p>
<p>${escapeHtml(valid)} ${escapeHtml(outro)}</p>
<p>Dein ${PRODUCT}-Team</p>
</body></html>
`;
  return { to, subject, text, html };
}
