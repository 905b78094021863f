import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The docs name files of the repo (`domain/access.ts`, `apps/api/test/storage.test.ts`, docs/OPERATIONS.md),
// ADRs (ADR 021) and sections (PRODUCT.md §7). Each must exist, so a newcomer never follows a dead name.

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Never walked: installed packages, build output and runtime data the docs may name but git never holds. */
const UNWALKED = new Set(['node_modules', '.git', 'dist', '.data', '.turbo', 'coverage']);
/** A path with one of these segments is build output or runtime data (`apps/api/dist/…`, the web's `builds/`). */
const GENERATED = new Set(['dist', 'node_modules', 'builds', '.data']);
/** First segments that name folders of this repo also without an extension (`routes/api/pdfs`, `domain/scans`). */
const REPO_FOLDERS = new Set([
  ...['apps', 'packages', 'tests', 'docs', 'deploy', '.ci', 'src', 'drizzle', 'decisions'],
  ...['domain', 'lib', 'plugins', 'routes', 'db', 'ai', 'auth', 'cli', 'local-auth'],
  ...['features', 'components', 'i18n', 'e2e', 'bench', 'fixtures', 'lint'],
]);
/** File names without a folder are checked for these extensions (`.json` and `.txt` name archive entries). */
const CHECKED_EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|css|html|sql|md|yml|yaml)$/;

/** The npm packages the workspace depends on: `tesseract.js` is a package, not a file. */
function dependencies(entries: Set<string>): Set<string> {
  const names = new Set<string>();
  for (const manifest of [...entries].filter((p) => p === 'package.json' || p.endsWith('/package.json'))) {
    const pkg = JSON.parse(readFileSync(path.join(root, manifest), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const name of Object.keys((pkg[field] as Record<string, string> | undefined) ?? {}))
        names.add(name);
    }
  }
  return names;
}

/** Every file and folder of the repo, as paths relative to its root with `/`. */
function repoEntries(): Set<string> {
  const entries = new Set<string>();
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (UNWALKED.has(entry.name)) continue;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      entries.add(relPath);
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relPath);
    }
  };
  walk(root, '');
  return entries;
}

/** The docs: the root README, the READMEs of the folders, and everything under docs/. */
function docs(entries: Set<string>): string[] {
  return [...entries]
    .filter(
      (p) => p === 'README.md' || p.endsWith('/README.md') || (p.startsWith('docs/') && p.endsWith('.md')),
    )
    .sort();
}

/** The names in a doc that look like paths of the repo: backticked, or plain text from a top-level folder. */
function pathNames(text: string): string[] {
  const names = new Set<string>();
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) names.add(span!);
  for (const [name] of text.matchAll(/(?<![\w./@`-])(?:apps|packages|tests|docs|deploy|\.ci)\/[\w./-]*\w/g)) {
    names.add(name);
  }
  return [...names].filter((name) => {
    if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(name) || name.startsWith('./')) return false;
    const segments = name.replace(/\/$/, '').split('/');
    if (segments.some((s) => GENERATED.has(s))) return false;
    // `DATA_DIR/files`: a place the running app writes, not a file of the repo.
    if (/^[A-Z][A-Z0-9_]*$/.test(segments[0]!)) return false;
    if (segments.length === 1) return CHECKED_EXTENSIONS.test(name);
    // `text/event-stream`, `zod/mini`, pdf.js's `test/pdfs` are no paths of this repo.
    return /\.\w+$/.test(name) || name.endsWith('/') || REPO_FOLDERS.has(segments[0]!);
  });
}

/**
 * Whether a name resolves: a path from the repo root must exist as written; a shorter one (`domain/access.ts`,
 * `fonts.ts`, as the docs write them in context) must be the end of some existing path.
 */
function exists(entries: Set<string>, name: string): boolean {
  const p = name.replace(/\/$/, '');
  if (entries.has(p) || packages.has(p)) return true;
  // `apps/…`, `docs/…`: from the root, as written.
  if (entries.has(p.split('/')[0]!)) return false;
  for (const e of entries) if (e.endsWith(`/${p}`)) return true;
  return false;
}

/** `ADR 021`, `ADR 017 and 029`, `ADRs 028–031` → the numbers. */
function adrNumbers(text: string): string[] {
  const numbers: string[] = [];
  for (const [, list] of text.matchAll(/\bADRs? (\d{3}(?:(?:,\s*|\s+and\s+|\s+or\s+|\s*[–-]\s*)\d{3})*)/g)) {
    numbers.push(...list!.match(/\d{3}/g)!);
  }
  return numbers;
}

const entries = repoEntries();
const packages = dependencies(entries);
const docFiles = docs(entries);
const decisions = [...entries].filter((e) => /^docs\/decisions\/\d{3}-[^/]+\.md$/.test(e));
/** Numbered sections (`## 7. …`) per doc that others cite as `PRODUCT.md §7`. */
const sectionCount = (doc: string) =>
  readFileSync(path.join(root, 'docs', doc), 'utf8').match(/^## \d+\. /gm)?.length ?? 0;
const sections = {
  'PRODUCT.md': sectionCount('PRODUCT.md'),
  'ARCHITECTURE.md': sectionCount('ARCHITECTURE.md'),
};

/** The ADRs and sections a doc cites that do not exist. */
function missingCitations(text: string): string[] {
  const adrs = adrNumbers(text)
    .filter((n) => !decisions.some((d) => d.startsWith(`docs/decisions/${n}-`)))
    .map((n) => `ADR ${n}`);
  const sectionCites = [...text.matchAll(/\b(PRODUCT|ARCHITECTURE)\.md ?§ ?(\d+)/g)]
    .filter(([, file, n]) => Number(n) < 1 || Number(n) > sections[`${file!}.md` as keyof typeof sections])
    .map(([cite]) => cite);
  return [...new Set([...adrs, ...sectionCites])];
}

describe('docs', () => {
  it('are found', () => {
    expect(docFiles).toEqual(
      expect.arrayContaining(['README.md', 'docs/ARCHITECTURE.md', 'docs/PRODUCT.md']),
    );
    expect(decisions.length).toBeGreaterThan(30);
  });

  it.each(docFiles)('%s names only files that exist', (doc) => {
    const text = readFileSync(path.join(root, doc), 'utf8');
    expect(pathNames(text).filter((name) => !exists(entries, name))).toEqual([]);
  });

  it.each(docFiles)('%s cites only ADRs and sections that exist', (doc) => {
    expect(missingCitations(readFileSync(path.join(root, doc), 'utf8'))).toEqual([]);
  });

  it('finds a missing file, ADR and section', () => {
    const names = pathNames(
      '`domain/nowhere.ts`, apps/api/src/gone.ts, `DATA_DIR/files`, `text/event-stream`',
    );
    expect(names).toEqual(['domain/nowhere.ts', 'apps/api/src/gone.ts']);
    expect(names.filter((name) => !exists(entries, name))).toEqual(names);
    expect(exists(entries, 'domain/access.ts')).toBe(true);
    expect(exists(entries, 'src/domain/access.ts')).toBe(true);
    expect(exists(entries, 'api/src/domain/access.ts')).toBe(true);
    expect(exists(entries, 'apps/domain/access.ts')).toBe(false);
    expect(adrNumbers('ADR 017 and 029; ADRs 028–031')).toEqual(['017', '029', '028', '031']);
    expect(missingCitations('ADR 021, ADR 999, PRODUCT.md §7, ARCHITECTURE.md §42')).toEqual([
      'ADR 999',
      'ARCHITECTURE.md §42',
    ]);
  });
});
