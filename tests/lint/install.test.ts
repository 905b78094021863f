import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../e2e/helpers/server';

// `pnpm install` must print no "Failed to create bin": pnpm says so for every installed package whose
// package.json names a bin file the package does not ship. Each such package must be handled by .pnpmfile.cjs.

interface Manifest {
  name: string;
  version: string;
  bin?: string | Record<string, string>;
}
interface Hooks {
  readPackage?: (pkg: Manifest) => Manifest;
  filterLog?: (log: { level: string; name: string; message: string }) => boolean;
}

const store = path.join(repoRoot, 'node_modules/.pnpm');

/** Every package directory pnpm installed (not the symlinks to a package's dependencies). */
function installedPackages(): string[] {
  const dirs: string[] = [];
  for (const entry of readdirSync(store)) {
    const modules = path.join(store, entry, 'node_modules');
    if (entry === 'node_modules' || !existsSync(modules)) continue;
    for (const name of readdirSync(modules)) {
      const names = name.startsWith('@')
        ? readdirSync(path.join(modules, name)).map((n) => `${name}/${n}`)
        : [name];
      for (const n of names) {
        const dir = path.join(modules, n);
        if (!lstatSync(dir).isSymbolicLink() && existsSync(path.join(dir, 'package.json'))) dirs.push(dir);
      }
    }
  }
  return dirs;
}

function bins(manifest: Manifest): Array<[string, string]> {
  if (typeof manifest.bin === 'string') return [[manifest.name.split('/').pop()!, manifest.bin]];
  return Object.entries(manifest.bin ?? {});
}

describe('pnpm install', () => {
  it('warns about no missing bin file', () => {
    const pnpmfile = path.join(repoRoot, '.pnpmfile.cjs');
    const hooks = existsSync(pnpmfile)
      ? (createRequire(import.meta.url)(pnpmfile) as { hooks: Hooks }).hooks
      : ({} satisfies Hooks);
    const readPackage = hooks.readPackage ?? ((pkg: Manifest) => pkg);
    const filterLog = hooks.filterLog ?? (() => true);
    const lockfile = parse(readFileSync(path.join(repoRoot, 'pnpm-lock.yaml'), 'utf8')) as {
      packages: Record<string, { hasBin?: boolean }>;
    };
    const dirs = installedPackages();
    expect(dirs.length).toBeGreaterThan(100);

    const unhandled: string[] = [];
    for (const dir of dirs) {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
      const missing = bins(manifest).filter(([, file]) => !existsSync(path.join(dir, file)));
      if (missing.length === 0) continue;
      const id = `${manifest.name}@${manifest.version}`;
      // The hook drops the bin from the resolved manifest: the lockfile must not say the package has one.
      if (bins(readPackage(structuredClone(manifest))).length > 0 || lockfile.packages[id]?.hasBin) {
        unhandled.push(id);
        continue;
      }
      // A project's own node_modules/.bin is linked from the package.json on disk: that warning is filtered.
      for (const [command, file] of missing) {
        const message = `Failed to create bin at ${repoRoot}apps/api/node_modules/.bin/${command}. ENOENT: no such file or directory, open '${path.join(dir, file)}'`;
        if (filterLog({ level: 'warn', name: 'pnpm:global', message })) unhandled.push(`${id} ${command}`);
      }
    }
    expect(unhandled).toEqual([]);
  });
});
