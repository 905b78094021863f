import type { FeedbackLinkPageRenderer } from '@app/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// What the public pages take from the web build besides their HTML (ADR 034): the stylesheets and the icon
// their HTML inlines, the formulas' stylesheet (Vite's manifest), and the feedback page's renderer (dist/.ssr/,
// vite.ssr.config.ts).

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

let renderer: { file: string; render: FeedbackLinkPageRenderer } | null = null;

/**
 * The web build's renderer of the feedback page (`dist/.ssr/`, the entry its manifest names), imported at the
 * first page and again after a new build (new content, new file name); null when the build has none (the
 * page's script then renders it from the data that comes with the HTML).
 */
export async function feedbackLinkRenderer(webRoot: string): Promise<FeedbackLinkPageRenderer | null> {
  const dir = path.join(webRoot, '.ssr');
  const entry = Object.values(await manifest(dir)).find((chunk) => chunk.isEntry);
  if (!entry) return null;
  const file = path.join(dir, entry.file);
  if (renderer?.file !== file) {
    // A file outside the bundle: tsup leaves this import to run time.
    const module = (await import(pathToFileURL(file).href)) as {
      renderFeedbackLinkPage: FeedbackLinkPageRenderer;
    };
    renderer = { file, render: module.renderFeedbackLinkPage };
  }
  return renderer.render;
}
