import fs from 'node:fs';
import path from 'node:path';

// PGlite is Postgres in this process's memory, writing straight to DATA_DIR/pg: a second process opening
// the same directory would corrupt it. A pid file guards it. It lives beside the data directory
// (DATA_DIR/pg.lock), not inside it, because initdb refuses a data directory that holds a foreign file.

/** Lock files this process holds (a second open in the same process must fail too). */
const held = new Set<string>();

/** A lock file without a readable pid younger than this is being written right now. */
const FRESH_MS = 10_000;

export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly pid: number | undefined,
  ) {
    super(
      `Die eingebettete Datenbank in DATA_DIR (${dataDir}) wird bereits von einem anderen Prozess ` +
        `verwendet${pid === undefined ? '' : ` (PID ${pid})`}. PGlite kann nur von einem Prozess geöffnet ` +
        `werden: beende den anderen Prozess, wähle ein anderes DATA_DIR oder setze DATABASE_URL. ` +
        `Ist sicher kein Prozess mehr aktiv, lösche ${lockFile}.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'pg.lock');
}

/** Takes the PGlite lock of `dataDir` or throws DatabaseLockedError. Returns the release function. */
export function acquirePgliteLock(dataDir: string): () => void {
  const file = lockFilePath(dataDir);
  if (held.has(file)) throw new DatabaseLockedError(dataDir, file, process.pid);
  fs.mkdirSync(dataDir, { recursive: true });

  // Two rounds: the second follows the removal of a stale lock.
  for (let round = 0; round < 2; round++) {
    try {
      const fd = fs.openSync(file, 'wx');
      try {
        fs.writeSync(fd, `${process.pid}\n`);
      } finally {
        fs.closeSync(fd);
      }
      held.add(file);
      return () => release(file);
    } catch (err) {
      if (!isErrno(err, 'EEXIST')) throw err;
    }
    const holder = readHolder(file);
    if (holder === 'gone') continue;
    if (holder === 'fresh') throw new DatabaseLockedError(dataDir, file, undefined);
    // A lock naming this very pid that this process does not hold was left by an earlier process with the
    // same pid (containers start as pid 1 every time): stale.
    if (holder !== process.pid && isAlive(holder)) throw new DatabaseLockedError(dataDir, file, holder);
    fs.rmSync(file, { force: true });
  }
  throw new DatabaseLockedError(dataDir, file, undefined);
}

function release(file: string): void {
  if (!held.delete(file)) return;
  try {
    if (Number.parseInt(fs.readFileSync(file, 'utf8'), 10) === process.pid) fs.rmSync(file, { force: true });
  } catch {
    // Already gone: nothing to release.
  }
}

/** The pid in the lock file, 'gone' if the file vanished, 'fresh' if it is being written right now. */
function readHolder(file: string): number | 'gone' | 'fresh' {
  let text: string;
  let mtimeMs: number;
  try {
    text = fs.readFileSync(file, 'utf8');
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return 'gone';
    throw err;
  }
  const pid = Number.parseInt(text, 10);
  if (Number.isInteger(pid) && pid > 0) return pid;
  // No pid yet: another process has just created the file and is about to write it; or a crash left an
  // empty file long ago, which is stale (reported as pid 0, never alive).
  return Date.now() - mtimeMs < FRESH_MS ? 'fresh' : 0;
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return isErrno(err, 'EPERM');
  }
}

function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && (err as NodeJS.ErrnoException).code === code;
}
