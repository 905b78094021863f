import { parseArgs } from 'node:util';
import type { Env } from '../env';
import { openFsStorage, openS3Storage, type Storage } from '../lib/storage';
import { formatSize } from './format';

// `pnpm cli storage migrate --to s3|fs [--delete-source]` (ADR 021): copies every stored file from the other
// store into the named one. Idempotent: an object already in the target with the same size is skipped, so an
// interrupted run, or a second run after the switch to catch the last uploads, only copies what is missing.
// The source is left alone unless --delete-source is given; then each object is removed once the target has it.

export const STORAGE_HELP = `  storage migrate --to <s3|fs> [--delete-source]      Dateien vom anderen Speicher übertragen (ADR 021)`;

type Kind = 'fs' | 's3';

export interface MigrationResult {
  copied: number;
  skipped: number;
  deleted: number;
  failed: number;
  bytes: number;
}

export interface MigrationOptions {
  deleteSource: boolean;
  /** One line per object and a summary; the CLI passes stdout. */
  print: (line: string) => void;
  /** Copies at once (each holds at most a few upload parts in memory). */
  concurrency?: number;
}

/** Copies every object of `from` that `to` lacks (or holds with another size). */
export async function migrateStorage(
  from: Storage,
  to: Storage,
  { deleteSource, print, concurrency = 4 }: MigrationOptions,
): Promise<MigrationResult> {
  // One listing of the target instead of a HEAD per object.
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.key, object.size);

  const result: MigrationResult = { copied: 0, skipped: 0, deleted: 0, failed: 0, bytes: 0 };
  let seen = 0;
  // One listing shared by the workers (an async generator queues their next() calls); each pulls the next
  // object when it is free.
  const sources = from.list()[Symbol.asyncIterator]();
  const next = () => sources.next();

  const worker = async () => {
    for (let item = await next(); !item.done; item = await next()) {
      const object = item.value;
      const n = ++seen;
      try {
        if (present.get(object.key) === object.size) {
          result.skipped++;
          print(`[${n}] ${object.key} schon vorhanden`);
        } else {
          const { size } = await to.put(object.key, await from.get(object.key));
          if (size !== object.size) throw new Error(`${size} statt ${object.size} Bytes übertragen`);
          result.copied++;
          result.bytes += size;
          print(`[${n}] ${object.key} kopiert (${formatSize(size)})`);
        }
        if (deleteSource) {
          await from.delete(object.key);
          result.deleted++;
        }
      } catch (err) {
        result.failed++;
        print(`[${n}] ${object.key} FEHLER: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  print(
    `Fertig: ${result.copied} kopiert (${formatSize(result.bytes)}), ${result.skipped} schon vorhanden` +
      (deleteSource ? `, ${result.deleted} in der Quelle gelöscht` : '') +
      (result.failed ? `, ${result.failed} fehlgeschlagen` : ''),
  );
  return result;
}

const USAGE = 'Verwendung: pnpm cli storage migrate --to <s3|fs> [--delete-source]\n';

async function open(kind: Kind, env: Env): Promise<{ storage: Storage; close: () => void }> {
  if (kind === 'fs') return { storage: await openFsStorage(env), close: () => {} };
  const s3 = await openS3Storage(env);
  return { storage: s3, close: () => s3.client.destroy() };
}

/** Runs `storage …`; returns the exit code. */
export async function runStorageCommand(
  argv: string[],
  env: Env,
  out: { stdout: (s: string) => void; stderr: (s: string) => void },
): Promise<number> {
  const [, action, ...rest] = argv;
  let to: string | undefined;
  let deleteSource = false;
  try {
    const { values } = parseArgs({
      args: rest,
      options: { to: { type: 'string' }, 'delete-source': { type: 'boolean', default: false } },
      strict: true,
    });
    to = values.to;
    deleteSource = values['delete-source'];
  } catch {
    // Unknown option or stray argument: the usage below says what is expected.
  }
  if (action !== 'migrate' || (to !== 's3' && to !== 'fs')) {
    out.stderr(USAGE);
    return 2;
  }
  const from: Kind = to === 's3' ? 'fs' : 's3';
  const source = await open(from, env);
  try {
    const target = await open(to, env);
    try {
      out.stdout(
        `Übertrage Dateien von ${from === 'fs' ? `${env.DATA_DIR}/files` : `S3 (${env.S3_BUCKET})`} nach ` +
          `${to === 'fs' ? `${env.DATA_DIR}/files` : `S3 (${env.S3_BUCKET})`}…\n`,
      );
      const result = await migrateStorage(source.storage, target.storage, {
        deleteSource,
        print: (line) => out.stdout(`${line}\n`),
      });
      if (!deleteSource && result.copied + result.skipped > 0)
        out.stdout('Die Quelle bleibt unverändert (--delete-source löscht sie nach der Übertragung).\n');
      return result.failed > 0 ? 1 : 0;
    } finally {
      target.close();
    }
  } finally {
    source.close();
  }
}
