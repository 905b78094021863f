import {
  DEFERRED_ENTRY_SCRIPT,
  tikzPictureText,
  UPLOAD_FIELDS,
  type SubmitPageResponse,
  type UploadReceipt,
} from '@app/contract';
import { pageStrings as s } from './strings';

// HTML of the server-rendered public pages (ADR 020): the submit page's markup, the answers of its form post,
// and how the built HTML of both public pages is sent (ADR 034; the feedback page's markup comes from the web
// build's renderer). Every value that is not a literal of this file goes through `esc`: task titles,
// descriptions and names are typed by teachers and students.

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const esc = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!);

const berlin = { timeZone: 'Europe/Berlin' } as const;
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { ...berlin, dateStyle: 'medium', timeStyle: 'short' });

/**
 * The look before any script runs: readable on a 320 px phone, light and dark. Inside `#root`, so the app's
 * first render removes it with the markup.
 */
const style = `<style>
body{margin:0}.ssr,.ssr-bar{font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}.ssr-bar{font-weight:700;padding:.625rem 1rem;border-bottom:1px solid #ced4da}
.ssr{max-width:560px;margin:0 auto;padding:1.25rem 1rem 2rem;color:#1a1b1e;overflow-wrap:anywhere}
@media (prefers-color-scheme:dark){.ssr,.ssr-bar{color:#c9c9c9}.ssr-bar{border-color:#424242}body{background:#242424}}
.ssr h1{font-size:clamp(1.625rem,1.25rem + 1.5vw,2.125rem);line-height:1.3;margin:.25rem 0 .5rem}.ssr h2{font-size:1.125rem;margin:1.5rem 0 .5rem}.ssr h3{font-size:1rem;margin:1rem 0 .25rem}
.ssr .muted{opacity:.75}.ssr .text{white-space:pre-line}
.ssr .note{border-left:4px solid #fab005;padding:.5rem .75rem;background:rgba(250,176,5,.12)}
.ssr .error{border-left:4px solid #fa5252;padding:.5rem .75rem;background:rgba(250,82,82,.12)}
.ssr label{display:block;font-weight:600;margin:.75rem 0 .25rem}
.ssr select,.ssr input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #adb5bd;border-radius:6px;background:transparent;color:inherit}
.ssr select option{color:#1a1b1e}
.ssr button,.ssr .button{display:inline-block;font:inherit;font-weight:600;margin-top:1.25rem;padding:.75rem 1.5rem;border:0;border-radius:6px;background:#087f5b;color:#fff;text-decoration:none;cursor:pointer}
.ssr ul{padding-left:1.25rem}.ssr section{margin-top:1rem}.ssr .skill{margin:.75rem 0}
.ssr .tikz{margin:.75rem 0;text-align:center}.ssr .tikz svg{overflow:visible;max-width:100%;height:auto}
@media (prefers-color-scheme:dark){.ssr svg[data-tikz-layers]{--tikz-paper:#242424;fill:currentColor}.ssr svg[data-tikz-layers] [style*="--tikz-fill"]{fill:var(--tikz-fill)!important}.ssr svg[data-tikz-layers] [style*="--tikz-stroke"]{stroke:var(--tikz-stroke)!important}.ssr svg[data-tikz-layers] text{fill:var(--tikz-text,currentColor)!important}}
</style>`;

/** The slim bar of the student pages, as the scripted page has it: the page does not jump when it takes over. */
const bar = `<header class="ssr-bar">${esc(s.appName)}</header>`;

const paragraphs = (text: string) => (text.trim() ? `<p class="text">${esc(text.trim())}</p>` : '');

/**
 * A TikZ block's picture as the app shows it: the server's own sanitised SVG (ADR 016), named with its labels'
 * text, its colours following the phone's scheme (the style above). Nothing when it has no picture.
 */
function tikzPicture(block: unknown): string {
  const svg = (block as { attrs?: { svg?: unknown } }).attrs?.svg;
  if (typeof svg !== 'string' || !svg.startsWith('<svg')) return '';
  const text = tikzPictureText(svg);
  const label = text ? s.tikz.pictureLabelWithText(text) : s.tikz.pictureLabel;
  return `<div class="tikz" role="img" aria-label="${esc(label)}">${svg}</div>`;
}

/**
 * The texts of a task document (TipTap JSON), one paragraph per top-level block, and its TikZ pictures;
 * formulas left out.
 */
function documentText(data: Record<string, unknown> | null): string {
  const textOf = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const { text, content } = node as { text?: unknown; content?: unknown };
    if (typeof text === 'string') return text;
    return Array.isArray(content) ? content.map(textOf).join('') : '';
  };
  const blocks = Array.isArray(data?.content) ? (data.content as unknown[]) : [];
  return blocks
    .map((b) => ((b as { type?: unknown })?.type === 'tikz' ? tikzPicture(b) : paragraphs(textOf(b))))
    .join('');
}

/** The submit page as the server sends it: task, name, files and "Abgeben" posting to `POST /submit/{id}`. */
export function submitMarkup(page: SubmitPageResponse): string {
  const { task, limits } = page;
  const head =
    `<h1>${esc(task.title)}</h1>` +
    (task.due_date ? `<p class="muted">${esc(s.submit.dueDate(dateTime(task.due_date)))}</p>` : '') +
    paragraphs(task.description) +
    documentText(task.data);
  if (!page.accepting) {
    const reason = page.closed_reason ?? 'closed';
    return `${style}${bar}<main class="ssr">${head}<p class="note">${esc(s.submit.closed[reason])}</p></main>`;
  }
  const options = page.students
    .map(
      (st) =>
        `<option value="${esc(st.id)}"${st.id === page.preselected_student_id ? ' selected' : ''}>${esc(st.label)}</option>`,
    )
    .join('');
  const accept = limits.mimeTypes.join(',');
  const maxMb = Math.round(limits.maxFileBytes / 1024 / 1024);
  const form =
    `<form method="post" action="/submit/${esc(task.id)}" enctype="multipart/form-data">` +
    `<h2>${esc(s.submit.nameHeading)}</h2>` +
    `<label for="ssr-student">${esc(s.submit.namePick)}</label>` +
    `<select id="ssr-student" name="${UPLOAD_FIELDS.studentId}"><option value="">${esc(s.submit.namePlaceholder)}</option>${options}</select>` +
    `<label for="ssr-name">${esc(`${s.withoutScript.notListed} ${s.submit.nameTyped}`)}</label>` +
    `<input id="ssr-name" name="${UPLOAD_FIELDS.studentName}" autocomplete="name" maxlength="100" aria-describedby="ssr-name-hint">` +
    `<p id="ssr-name-hint" class="muted">${esc(s.submit.nameTypedHint)}</p>` +
    `<h2>${esc(s.submit.filesHeading)}</h2>` +
    `<label for="ssr-files">${esc(s.submit.chooseFiles)}</label>` +
    `<input id="ssr-files" type="file" name="${UPLOAD_FIELDS.files}" multiple required accept="${esc(accept)}" aria-describedby="ssr-files-hint">` +
    `<p id="ssr-files-hint" class="muted">${esc(s.submit.filesHint(limits.maxFiles, maxMb))}</p>` +
    `<button type="submit">${esc(s.submit.submit)}</button></form>`;
  return `${style}${bar}<main class="ssr">${head}${form}</main>`;
}

export const notFoundMarkup = (message: string) =>
  `${style}${bar}<main class="ssr"><p class="note">${esc(message)}</p></main>`;

/** What goes into a public page besides the markup of `#root`. */
export interface PageParts {
  /** The document's title. */
  title?: string;
  /** The page's data as JSON beside the markup, under this element id, so that its script asks for nothing. */
  data?: { id: string; value: unknown };
  /** Stylesheets the markup needs before it paints (the head) or only the script (the end of the body). */
  stylesheets?: { head?: string[]; body?: string[] };
}

const stylesheetLink = (href: string) => `<link rel="stylesheet" crossorigin href="${esc(href)}">`;

/**
 * A public page's HTML (submit.html, feedback.html) with `markup` as the content of `#root`, without a
 * `<noscript>` plea for JavaScript (these pages do without), and the parts around it.
 */
export function intoPage(html: string, markup: string, parts: PageParts = {}): string {
  const { title, data, stylesheets } = parts;
  const json =
    data === undefined
      ? ''
      : // `<` escaped: no text of a teacher or student can end the script element.
        `<script type="application/json" id="${esc(data.id)}">${JSON.stringify(data.value).replace(/</g, '\\u003c')}</script>`;
  let page = html
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>${json}`);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${esc(title)}</title>`);
  const head = (stylesheets?.head ?? []).map(stylesheetLink).join('');
  if (head) page = page.replace('</head>', () => `${head}</head>`);
  const body = (stylesheets?.body ?? []).map(stylesheetLink).join('');
  if (body) page = page.replace(/(<script data-src=|<\/body>)/, (end) => `${body}${end}`);
  return page;
}

/**
 * The built HTML of a public page as it is sent (ADR 034), so that its first paint waits for nothing but the
 * document and nothing else arrives before it: its stylesheets inlined (`read` reads a file of the build by its
 * URL; one it cannot read stays a link), its SVG icon a data URL, its module script and chunks loaded by
 * `DEFERRED_ENTRY_SCRIPT` at the end of the body once the markup has painted, and no web app manifest (the
 * children's pages offer no installation, ADR 019). Lighthouse counts a stylesheet or script that arrived
 * before the first paint as holding it back, even a deferred one, and an icon fetched then delays its LCP.
 */
export async function leanPage(
  html: string,
  read: (href: string) => Promise<string | null>,
): Promise<string> {
  const stylesheet = /<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g;
  const icon = /(<link rel="icon" type="image\/svg\+xml" href=")([^"]+\.svg)(")/;
  const files = new Map<string, string | null>();
  const hrefs = [...html.matchAll(stylesheet)].map((m) => m[1]!);
  const iconHref = icon.exec(html)?.[2];
  for (const href of iconHref ? [...hrefs, iconHref] : hrefs) files.set(href, await read(href));
  const page = html
    .replace(stylesheet, (link, href: string) => {
      const text = files.get(href);
      // `</style` in a stylesheet would end the element early. One that cannot be read stays a link.
      return typeof text === 'string' ? inlineStyle(text) : link;
    })
    .replace(/<link rel="manifest"[^>]*>\s*/g, '')
    .replace(icon, (link, start: string, href: string, end: string) => {
      const svg = files.get(href);
      return typeof svg === 'string'
        ? `${start}data:image/svg+xml,${esc(encodeURIComponent(svg))}${end}`
        : link;
    });
  return deferredEntry(page);
}

/** A stylesheet's text as a `<style>` element: `</style` inside it would end the element early. */
export const inlineStyle = (css: string) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;

/**
 * The page's module script and its preloads moved into `DEFERRED_ENTRY_SCRIPT` at the end of the body: loaded
 * once the markup has painted (at once when `#root` is empty). The public pages and the server-rendered
 * teacher pages (ADR 034, 036).
 */
export function deferredEntry(html: string): string {
  let entry = '';
  const preload: string[] = [];
  const page = html
    .replace(/<script type="module"[^>]*? src="([^"]+)"[^>]*><\/script>\s*/, (_, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>\s*/g, (_, href: string) => {
      preload.push(href);
      return '';
    });
  if (!entry) return page;
  const loader =
    `<script data-src="${esc(entry)}"${preload.length ? ` data-preload="${esc(preload.join(' '))}"` : ''}>` +
    `${DEFERRED_ENTRY_SCRIPT}</script>`;
  return page.replace('</body>', () => `${loader}</body>`);
}

/** A page of its own (the answers of the form post): no app, no script. */
function standalone(title: string, body: string): string {
  return (
    `<!doctype html><html lang="de"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">` +
    `<title>${esc(title)}</title></head><body>${style}<main class="ssr">${body}</main></body></html>`
  );
}

/** "Abgabe erhalten": who, which files, when — and the way back to hand in more. */
export function receiptPage(taskId: string, name: string, receipt: UploadReceipt): string {
  const r = s.submit.receipt;
  const files = receipt.received
    .map(
      (file) =>
        `<li>${esc(file.original_name)}${file.duplicate ? ` <span class="muted">– ${esc(s.submit.status.duplicate)}</span>` : ''}</li>`,
    )
    .join('');
  return standalone(
    r.heading,
    `<h1>${esc(r.heading)}</h1><p>${esc(r.intro(name))}</p><ul>${files}</ul>` +
      `<p class="muted">${esc(r.at(dateTime(receipt.received_at)))}</p>` +
      `<a class="button" href="/submit/${esc(taskId)}">${esc(r.more)}</a>`,
  );
}

/** A refused form post: the German message of the error code, and the way back to the task when there is one. */
export function errorPage(message: string, taskId: string | null): string {
  const e = s.withoutScript.error;
  return standalone(
    e.heading,
    `<h1>${esc(e.heading)}</h1><p class="error">${esc(message)}</p>` +
      (taskId ? `<a class="button" href="/submit/${esc(taskId)}">${esc(e.back)}</a>` : ''),
  );
}
