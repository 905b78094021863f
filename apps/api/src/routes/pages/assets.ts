import type { FeedbackLinkPageRenderer, TeacherPageRenderer } from '@app/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// What the public pages take from the web build besides their HTML (ADR 034): the stylesheets and the icon
// their HTML inlines, the formulas' stylesheet (Vite's manifest), and the renderers of the feedback page and the
// teacher pages (dist/.ssr/, vite.ssr.config.ts; ADR 034, 036).

/** Files by path: a stylesheet's name carries a hash of its content; the icon changes with a new build only. */
const files = new Map<string, string>();

/**
 * A text file of the build by its URL (a stylesheet `/assets/…css`, the icon `/favicon.svg`), read once; null
 * when it cannot be read.
 */
export async function buildFile(webRoot: string, href: string): Promise<string | null> {
  const file = path.resolve(webRoot, `.${href}`);
  if (!file.startsWith(path.resolve(webRoot) + path.sep)) return null;
  let text = files.get(file);
  if (text === undefined) {
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return null;
    }
    // One build at a time: a new build's files replace the old ones.
    if (files.size > 50) files.clear();
    files.set(file, text);
  }
  return text;
}

/** A chunk of a Vite manifest (`.vite/manifest.json`), as far as it is read here. */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  css?: string[];
}

async function manifest(dir: string): Promise<Record<string, ManifestChunk>> {
  try {
    return JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return {};
  }
}

/**
 * The URLs of KaTeX's stylesheet (the CSS of the formulas' chunk, `MathFormula`) from the build's manifest, so
 * that a page with formulas links it from its HTML instead of its script adding it. Empty without a manifest.
 */
export async function formulaStylesheets(webRoot: string): Promise<string[]> {
  const chunks = Object.values(await manifest(webRoot));
  return (chunks.find((chunk) => chunk.name === 'MathFormula')?.css ?? []).map((file) => `/${file}`);
}

/** Whether a task document (TipTap JSON) has a formula. */
export function hasFormulas(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  const { type, content } = node as { type?: unknown; content?: unknown };
  if (type === 'inlineMath' || type === 'blockMath') return true;
  return Array.isArray(content) && content.some(hasFormulas);
}

/** The server renderers' modules by entry name, each with the file it was imported from. */
const renderers = new Map<string, { file: string; module: unknown }>();

/**
 * An entry of the web build's server renderers (`dist/.ssr/`, `src/{name}.server.tsx` in its manifest), imported at the
 * first page and again after a new build (new content, new file name); null when the build has none.
 */
async function serverEntry<T>(webRoot: string, name: 'feedback' | 'app'): Promise<T | null> {
  const dir = path.join(webRoot, '.ssr');
  const entry = (await manifest(dir))[`src/${name}.server.tsx`];
  if (!entry?.isEntry) return null;
  const file = path.join(dir, entry.file);
  let loaded = renderers.get(name);
  if (loaded?.file !== file) {
    // A file outside the bundle: tsup leaves this import to run time.
    loaded = { file, module: await import(pathToFileURL(file).href) };
    renderers.set(name, loaded);
  }
  return loaded.module as T;
}

/** The feedback page's renderer (ADR 034); null without one (the page's script renders from the data). */
export async function feedbackLinkRenderer(webRoot: string): Promise<FeedbackLinkPageRenderer | null> {
  const module = await serverEntry<{ renderFeedbackLinkPage: FeedbackLinkPageRenderer }>(webRoot, 'feedback');
  return module?.renderFeedbackLinkPage ?? null;
}

/** The teacher pages' renderer (ADR 036); null without one (the app then renders in the browser). */
export async function teacherPageRenderer(
  webRoot: string,
): Promise<TeacherPageRenderer<RequestInit, Response> | null> {
  const module = await serverEntry<{
    renderTeacherPage: TeacherPageRenderer<RequestInit, Response>;
    /** The rendered routes' code, loading (the web build's renderer starts it with the module). */
    warmedUp?: Promise<unknown>;
  }>(webRoot, 'app');
  await module?.warmedUp;
  return module?.renderTeacherPage ?? null;
}

/**
 * The stylesheets of the app's chunks that the entry does not link (a page's own CSS modules, ~10 kB in all):
 * a server-rendered teacher page has them before its first paint instead of its scripts adding them later.
 * KaTeX's only when the markup has a formula; the public pages' entries never.
 */
export async function chunkStylesheets(webRoot: string, markup: string): Promise<string[]> {
  const formulas = markup.includes('class="katex');
  return Object.values(await manifest(webRoot))
    .filter((chunk) => !chunk.isEntry && (formulas || chunk.name !== 'MathFormula'))
    .flatMap((chunk) => chunk.css ?? [])
    .map((file) => `/${file}`);
}
