import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../../env';
import {
  assertKey,
  ByteCounter,
  isStorableKey,
  StorageObjectNotFound,
  type Storage,
  type StoredObject,
} from './store';

/** Temp files of interrupted writes older than this are removed at start (another process may be writing). */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** The filesystem store: `<root>/<key>`, written through `<root>/.tmp/<uuid>` and renamed into place. */
export function createFsStorage(root: string): Storage & { root: string; tempDir: string } {
  const tempDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  const notFound = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    root,
    tempDir,
    async put(key, body) {
      const target = fileOf(key);
      await mkdir(tempDir, { recursive: true });
      const temp = path.join(tempDir, randomUUID());
      const handle = await open(temp, 'wx', 0o600);
      const counter = new ByteCounter();
      try {
        try {
          await pipeline(body, counter, async (source: AsyncIterable<Buffer>) => {
            for await (const chunk of source) {
              for (let done = 0; done < chunk.length;)
                done += (await handle.write(chunk, done, chunk.length - done)).bytesWritten;
            }
          });
          // Durable before it becomes visible under its key: a crash leaves a temp file, never half a file.
          await handle.sync();
        } finally {
          await handle.close();
        }
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { size: counter.bytes };
    },
    async get(key, range) {
      const file = fileOf(key);
      const stream: ReadStream = createReadStream(file, range && { start: range.start, end: range.end });
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (err) => reject(notFound(err) ? new StorageObjectNotFound(key) : err));
      });
      return stream;
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      // Drop the task's folder once it is empty (ENOTEMPTY and friends: it is not).
      await rmdir(path.dirname(file)).catch(() => {});
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('Ein Präfix endet mit "/"');
      await rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    async *list() {
      // Depth first over `<root>/<segment>/…`; only names a key can have (so never `.tmp` or a stray file).
      async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (err) {
          if (notFound(err)) return;
          throw err;
        }
        for (const entry of entries) {
          const key = prefix ? `${prefix}/${entry.name}` : entry.name;
          if (!isStorableKey(key)) continue;
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(file, key);
          else if (entry.isFile()) {
            try {
              const stats = await stat(file);
              yield { key, modifiedAt: stats.mtime, size: stats.size };
            } catch (err) {
              // Deleted in the meantime.
              if (!notFound(err)) throw err;
            }
          }
        }
      }
      yield* walk(root, '');
    },
  };
}

/** Removes temp files older than `maxAgeMs` (writes interrupted by a crash); returns how many. */
export async function sweepTempFiles(dir: string, maxAgeMs = STALE_TEMP_MS): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  const cutoff = Date.now() - maxAgeMs;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if ((await stat(file)).mtimeMs < cutoff) {
        await rm(file, { force: true });
        removed++;
      }
    } catch {
      // Gone in the meantime.
    }
  }
  return removed;
}

/** The filesystem store of a DATA_DIR, ready to write to (its temp folder exists, stale temp files are gone). */
export async function openFsStorage(
  config: Pick<Env, 'DATA_DIR'>,
  log?: { warn(obj: object, msg: string): void },
): Promise<Storage> {
  const storage = createFsStorage(path.join(config.DATA_DIR, 'files'));
  await mkdir(storage.tempDir, { recursive: true, mode: 0o700 });
  const swept = await sweepTempFiles(storage.tempDir);
  if (swept > 0) log?.warn({ swept }, 'unterbrochene Datei-Schreibvorgänge aufgeräumt');
  return storage;
}
