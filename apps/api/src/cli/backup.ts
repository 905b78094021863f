import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { createDatabase, DatabaseLockedError, type DatabaseHandle, type Executor } from '../db/client';
import * as appSchema from '../db/schema';
import type { Env } from '../env';
import * as localAuthSchema from '../local-auth/schema';
import { migrationsFolder } from '../paths';
import { isStorableKey, openFsStorage, openS3Storage, type Storage } from '../lib/storage';
import { VERSION } from '../version';
import { formatSize } from './format';

// `pnpm cli backup [--out <file>]` and `pnpm cli restore <file> [--force]` (OPERATIONS.md "Sicherung"):
// one ZIP with every row of the app's tables, every stored file and a manifest.
//
// The database goes in as a logical dump: per table one NDJSON entry of `row_to_json` rows, read inside one
// repeatable-read transaction (a consistent snapshot while a Postgres-backed server keeps running) and
// written back with `json_populate_recordset` in foreign-key order. The same SQL runs on PGlite and
// PostgreSQL, so an archive moves between the two; pg_dump would need matching client binaries and cannot
// read PGlite, and PGlite's dumpDataDir is PGlite-only. Not in the archive: pg-boss's queue (schema
// `pgboss`, its tables are its own business: AI corrections running at backup time must be started again)
// and drizzle's migration journal (restore migrates, and insists on the archive's migration state).

export const BACKUP_HELP =
  `  backup [--out <datei>]                              Datenbank und Dateien in eine ZIP-Datei sichern\n` +
  `  restore <datei> [--force]                           Sicherung in leere Datenbank einspielen (--force: vorher alles löschen)`;

const FORMAT = 'klassenzimmer-backup';
const FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const PROFILE_KEY_FILE = 'profile-key';
/** Rows per FETCH when dumping and per INSERT when restoring. */
const BATCH = 500;

export interface BackupManifest {
  format: typeof FORMAT;
  formatVersion: number;
  appVersion: string;
  /** Applied drizzle migrations: how many, and the last one's tag. Restore needs the same. */
  migration: { count: number; tag: string | null };
  createdAt: string;
  database: 'pglite' | 'postgres';
  storage: 'fs' | 's3';
  /** `schema.table` → row count, in restore order. */
  tables: Record<string, number>;
  files: { count: number; bytes: number };
  /** `archive`: DATA_DIR/profile-key is in the archive; `env`: PROFILE_ENCRYPTION_KEY was set (keep it). */
  profileKey: 'archive' | 'env' | 'none';
}

interface Output {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

// ---- tables ----------------------------------------------------------------------------------------------

interface TableInfo {
  /** `schema.table` */
  name: string;
  /** Quoted for SQL. */
  sqlName: string;
}

/** Every table of the drizzle schema (app and built-in auth), parents before children. */
export function tablesInOrder(): TableInfo[] {
  const tables = ([...Object.values(appSchema), ...Object.values(localAuthSchema)] as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable),
  );
  const configs = new Map(tables.map((t) => [t, getTableConfig(t)]));
  const nameOf = (t: PgTable) => {
    const c = configs.get(t) ?? getTableConfig(t);
    return `${c.schema ?? 'public'}.${c.name}`;
  };
  const ordered: PgTable[] = [];
  const state = new Map<PgTable, 'visiting' | 'done'>();
  const visit = (t: PgTable) => {
    if (state.get(t) === 'done') return;
    if (state.get(t) === 'visiting') throw new Error(`Zyklische Fremdschlüssel bei ${nameOf(t)}`);
    state.set(t, 'visiting');
    for (const fk of configs.get(t)!.foreignKeys) {
      const parent = fk.reference().foreignTable;
      if (parent !== t) visit(parent);
    }
    state.set(t, 'done');
    ordered.push(t);
  };
  // Sorted by name first, so the order is stable between runs.
  for (const t of [...tables].sort((a, b) => nameOf(a).localeCompare(nameOf(b)))) visit(t);
  return ordered.map((t) => {
    const c = configs.get(t)!;
    const schema = c.schema ?? 'public';
    return { name: `${schema}.${c.name}`, sqlName: `"${schema}"."${c.name}"` };
  });
}

async function migrationState(db: Executor): Promise<BackupManifest['migration']> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ tag: string }>;
  };
  const { rows } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  const count = rows[0]?.count ?? 0;
  return { count, tag: journal.entries[count - 1]?.tag ?? null };
}

// ---- storage ---------------------------------------------------------------------------------------------

async function openStorage(env: Env): Promise<{ storage: Storage; close: () => void }> {
  if (env.STORAGE === 's3') {
    const s3 = await openS3Storage(env);
    return { storage: s3, close: () => s3.client.destroy() };
  }
  return { storage: await openFsStorage(env), close: () => {} };
}

/** The database, with a clear message when a running server holds the embedded one. */
async function openDatabase(env: Env): Promise<DatabaseHandle> {
  try {
    return await createDatabase(env);
  } catch (err) {
    if (err instanceof DatabaseLockedError)
      throw new BackupError(
        `${(err as Error).message}\nSicherung und Wiederherstellung der eingebetteten Datenbank brauchen sie ` +
          'für sich allein: stoppe den Server und versuche es erneut.',
      );
    throw err;
  }
}

/**
 * Relative paths as the operator typed them: pnpm runs the script in apps/api and names the directory it was
 * called from in INIT_CWD (set by pnpm itself, not configuration).
 */
const fromCaller = (file: string) =>
  // eslint-disable-next-line no-restricted-properties -- pnpm's INIT_CWD is not an app setting
  path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

// ---- backup ----------------------------------------------------------------------------------------------

export interface BackupResult {
  file: string;
  size: number;
  manifest: BackupManifest;
}

/** Writes the archive to `file` (through `<file>.partial`, mode 0600: it holds personal data and password hashes). */
export async function createBackup(env: Env, file: string): Promise<BackupResult> {
  const database = await openDatabase(env);
  try {
    const { storage, close } = await openStorage(env);
    try {
      return await writeArchive(env, database, storage, file);
    } finally {
      close();
    }
  } finally {
    await database.close();
  }
}

async function writeArchive(
  env: Env,
  database: DatabaseHandle,
  storage: Storage,
  file: string,
): Promise<BackupResult> {
  const partial = `${file}.partial`;
  const zip = new yazl.ZipFile();
  const out = createWriteStream(partial, { mode: 0o600 });
  // yazl reports a failed entry as an 'error' event and leaves the streams it was given without a listener:
  // every failure ends up here, and the archive is abandoned.
  let fail!: (err: unknown) => void;
  const failure = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  zip.on('error', fail);
  const feed = (stream: Readable) => stream.on('error', fail);
  const written = Promise.race([finished(zip.outputStream.pipe(out)), failure]);
  written.catch(() => {});
  try {
    const tables = tablesInOrder();
    const counts: Record<string, number> = {};
    let migration: BackupManifest['migration'] = { count: 0, tag: null };
    await database.db.transaction(
      async (tx) => {
        migration = await migrationState(tx);
        // yazl reads the entries one after another: each table's cursor opens when its entry is written,
        // all inside this transaction, which stays open until the last one is done.
        let last: Promise<void> = Promise.resolve();
        for (const table of tables) {
          let done!: () => void;
          let failed!: (err: unknown) => void;
          const finishedTable = new Promise<void>((resolve, reject) => {
            done = resolve;
            failed = reject;
          });
          async function* rows(): AsyncGenerator<string> {
            try {
              let count = 0;
              await tx.execute(
                sql.raw(
                  `declare backup_rows no scroll cursor for select row_to_json(t)::text as line from ${table.sqlName} t`,
                ),
              );
              for (;;) {
                const { rows: batch } = await tx.execute<{ line: string }>(
                  sql.raw(`fetch ${BATCH} from backup_rows`),
                );
                if (batch.length === 0) break;
                count += batch.length;
                yield batch.map((r) => `${r.line}\n`).join('');
              }
              await tx.execute(sql.raw('close backup_rows'));
              counts[table.name] = count;
              done();
            } catch (err) {
              failed(err);
              throw err;
            }
          }
          zip.addReadStreamLazy(`db/${table.name}.ndjson`, (cb) => cb(null, feed(Readable.from(rows()))));
          last = finishedTable;
          // An error of an earlier table rejects here too; unhandled otherwise.
          finishedTable.catch(() => {});
        }
        await Promise.race([last, failure]);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    // Files after the snapshot: an upload finishing in between is in the archive without a row (the orphan
    // sweep removes it after a restore); a file deleted in between fails the backup (run it again).
    let fileCount = 0;
    let fileBytes = 0;
    for await (const object of storage.list()) {
      fileCount++;
      fileBytes += object.size;
      zip.addReadStreamLazy(`files/${object.key}`, { compress: false, size: object.size }, (cb) => {
        storage.get(object.key).then(
          (stream) => cb(null, feed(stream)),
          (err: Error) => cb(err, undefined as never),
        );
      });
    }

    let profileKey: BackupManifest['profileKey'] = 'none';
    if (env.PROFILE_ENCRYPTION_KEY) profileKey = 'env';
    else {
      try {
        zip.addBuffer(await readFile(path.join(env.DATA_DIR, PROFILE_KEY_FILE)), PROFILE_KEY_FILE);
        profileKey = 'archive';
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }

    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: VERSION,
      migration,
      createdAt: new Date().toISOString(),
      database: database.driver,
      storage: env.STORAGE,
      tables: Object.fromEntries(tables.map((t) => [t.name, counts[t.name] ?? 0])),
      files: { count: fileCount, bytes: fileBytes },
      profileKey,
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST);
    zip.end();
    await written;
    await rename(partial, file);
    return { file, size: (await stat(file)).size, manifest };
  } catch (err) {
    (zip.outputStream as unknown as Readable).destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

// ---- restore ---------------------------------------------------------------------------------------------

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
  files: number;
  wiped: boolean;
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseManifest(raw: Buffer | undefined): BackupManifest {
  let manifest: Partial<BackupManifest> | undefined;
  try {
    manifest = raw && (JSON.parse(raw.toString('utf8')) as Partial<BackupManifest>);
  } catch {
    // Reported below.
  }
  if (manifest?.format !== FORMAT || typeof manifest.tables !== 'object' || !manifest.migration)
    throw new BackupError(
      'Die Datei ist keine Sicherung dieser App (manifest.json fehlt oder ist ungültig).',
    );
  if (manifest.formatVersion !== FORMAT_VERSION)
    throw new BackupError(
      `Sicherungsformat ${String(manifest.formatVersion)} wird nicht unterstützt (erwartet ${FORMAT_VERSION}).`,
    );
  return manifest as BackupManifest;
}

/** Restores `file` into the configured database and storage; refuses when either holds data, unless `force`. */
export async function restoreBackup(
  env: Env,
  file: string,
  options: { force: boolean; print?: (line: string) => void },
): Promise<RestoreResult> {
  const print = options.print ?? (() => {});
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch (err) {
    throw new BackupError(`${file} lässt sich nicht als Sicherung öffnen: ${(err as Error).message}`);
  }
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const manifestEntry = entries.get(MANIFEST);
    const manifest = parseManifest(manifestEntry && (await readEntry(zip, manifestEntry)));

    const tables = tablesInOrder();
    const known = new Set(tables.map((t) => t.name));
    const unknown = Object.keys(manifest.tables).filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw new BackupError(
        `Die Sicherung enthält Tabellen, die diese Version nicht kennt: ${unknown.join(', ')}`,
      );

    const database = await openDatabase(env);
    try {
      await database.migrate();
      const migration = await migrationState(database.db);
      if (migration.count !== manifest.migration.count)
        throw new BackupError(
          `Die Sicherung hat den Migrationsstand ${manifest.migration.tag ?? '(keiner)'} (App ${manifest.appVersion}), ` +
            `diese App ${migration.tag ?? '(keiner)'} (${VERSION}). Mit der App-Version der Sicherung ` +
            'wiederherstellen und danach aktualisieren.',
        );
      const { storage, close } = await openStorage(env);
      try {
        const occupied = await findData(database.db, tables, storage);
        if (occupied && !options.force)
          throw new BackupError(
            `Abgebrochen: ${occupied}. Wiederherstellen geht nur in eine leere Datenbank mit leerem Speicher; ` +
              '--force löscht vorher alle Daten und Dateien.',
          );
        if (occupied) {
          print(`Lösche vorhandene Daten (${occupied})…`);
          for await (const object of storage.list()) await storage.delete(object.key);
        }

        // Files first: the rows that name them only appear once they are there.
        let files = 0;
        for (const [name, entry] of entries) {
          if (!name.startsWith('files/')) continue;
          const key = name.slice('files/'.length);
          if (!isStorableKey(key)) throw new BackupError(`Ungültiger Dateiname in der Sicherung: ${name}`);
          const { size } = await storage.put(key, await zip.openReadStreamPromise(entry));
          if (size !== entry.uncompressedSize)
            throw new BackupError(`${name}: ${size} statt ${entry.uncompressedSize} Bytes`);
          files++;
        }
        print(`${files} Dateien eingespielt.`);

        let rows = 0;
        await database.db.transaction(async (tx) => {
          // Whatever --force found, and anything written since the check: the load starts from nothing.
          await tx.execute(sql.raw(`truncate ${tables.map((t) => t.sqlName).join(', ')} cascade`));
          for (const table of tables) {
            const entry = entries.get(`db/${table.name}.ndjson`);
            if (!entry) continue;
            let count = 0;
            let batch: string[] = [];
            const flush = async () => {
              if (batch.length === 0) return;
              await tx.execute(
                sql`insert into ${sql.raw(table.sqlName)} select * from json_populate_recordset(null::${sql.raw(table.sqlName)}, ${`[${batch.join(',')}]`}::json)`,
              );
              count += batch.length;
              batch = [];
            };
            const lines = createInterface({
              input: await zip.openReadStreamPromise(entry),
              crlfDelay: Infinity,
            });
            for await (const line of lines) {
              if (line.length === 0) continue;
              batch.push(line);
              if (batch.length >= BATCH) await flush();
            }
            await flush();
            const expected = manifest.tables[table.name] ?? 0;
            if (count !== expected)
              throw new BackupError(`${table.name}: ${count} statt ${expected} Zeilen in der Sicherung`);
            rows += count;
          }
        });
        print(`${rows} Datensätze in ${Object.keys(manifest.tables).length} Tabellen eingespielt.`);

        const keyEntry = entries.get(PROFILE_KEY_FILE);
        if (keyEntry && !env.PROFILE_ENCRYPTION_KEY) {
          const target = path.join(env.DATA_DIR, PROFILE_KEY_FILE);
          await mkdir(env.DATA_DIR, { recursive: true });
          await writeFile(target, await readEntry(zip, keyEntry), { mode: 0o600 });
          await chmod(target, 0o600);
        }
        return { manifest, rows, files, wiped: Boolean(occupied) };
      } finally {
        close();
      }
    } finally {
      await database.close();
    }
  } finally {
    zip.close();
  }
}

/** What the target already holds (for the refusal message), or null when it is empty. */
async function findData(db: Executor, tables: TableInfo[], storage: Storage): Promise<string | null> {
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await db.execute<{ found: boolean }>(
      sql.raw(`select exists(select 1 from ${table.sqlName}) as found`),
    );
    if (rows[0]?.found) filled.push(table.name);
  }
  let files = 0;
  // One object is enough to know.
  for await (const _object of storage.list()) {
    files++;
    break;
  }
  const parts: string[] = [];
  if (filled.length > 0)
    parts.push(
      `die Datenbank enthält Daten (${filled.slice(0, 3).join(', ')}${filled.length > 3 ? ', …' : ''})`,
    );
  if (files > 0) parts.push('der Dateispeicher enthält Dateien');
  return parts.length > 0 ? parts.join(' und ') : null;
}

// ---- command line ----------------------------------------------------------------------------------------

const BACKUP_USAGE = 'Verwendung: pnpm cli backup [--out <datei.zip>]\n';
const RESTORE_USAGE = 'Verwendung: pnpm cli restore <datei.zip> [--force]\n';

const defaultName = () =>
  `klassenzimmer-backup-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')}.zip`;

/** Runs `backup …` or `restore …`; returns the exit code. */
export async function runBackupCommand(argv: string[], env: Env, out: Output): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'backup') {
      let values: { out?: string };
      try {
        ({ values } = parseArgs({
          args: rest,
          options: { out: { type: 'string', short: 'o' } },
          strict: true,
        }));
      } catch {
        out.stderr(BACKUP_USAGE);
        return 2;
      }
      const file = fromCaller(values.out ?? defaultName());
      const started = Date.now();
      const { size, manifest } = await createBackup(env, file);
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      out.stdout(
        `Sicherung geschrieben: ${file} (${formatSize(size)}, ${((Date.now() - started) / 1000).toFixed(1)} s)\n` +
          `  ${rows} Datensätze in ${Object.keys(manifest.tables).length} Tabellen, ` +
          `${manifest.files.count} Dateien (${formatSize(manifest.files.bytes)}), Migration ${manifest.migration.tag ?? '-'}\n`,
      );
      if (manifest.profileKey === 'env')
        out.stdout(
          '  PROFILE_ENCRYPTION_KEY ist gesetzt und nicht in der Sicherung: getrennt aufbewahren.\n',
        );
      out.stdout('  Die Datei enthält personenbezogene Daten und Passwort-Hashes: geschützt aufbewahren.\n');
      return 0;
    }
    if (command === 'restore') {
      let parsed: { values: { force?: boolean }; positionals: string[] };
      try {
        parsed = parseArgs({
          args: rest,
          options: { force: { type: 'boolean', default: false } },
          allowPositionals: true,
          strict: true,
        });
      } catch {
        out.stderr(RESTORE_USAGE);
        return 2;
      }
      if (parsed.positionals.length !== 1) {
        out.stderr(RESTORE_USAGE);
        return 2;
      }
      const file = fromCaller(parsed.positionals[0]!);
      const result = await restoreBackup(env, file, {
        force: parsed.values.force ?? false,
        print: (line) => out.stdout(`${line}\n`),
      });
      out.stdout(
        `Wiederhergestellt aus ${file} (erstellt ${result.manifest.createdAt}, App ${result.manifest.appVersion}).\n`,
      );
      if (result.manifest.profileKey === 'archive' && env.PROFILE_ENCRYPTION_KEY)
        out.stderr(
          'Achtung: PROFILE_ENCRYPTION_KEY ist gesetzt, die Sicherung bringt ihren eigenen Schlüssel mit ' +
            `(profile-key). Verschlüsselte Profildaten sind nur mit diesem lesbar: ${PROFILE_KEY_FILE} aus der ` +
            'Sicherung als PROFILE_ENCRYPTION_KEY übernehmen.\n',
        );
      if (result.manifest.profileKey === 'env' && !env.PROFILE_ENCRYPTION_KEY)
        out.stderr(
          'Achtung: Die Sicherung stammt von einem Server mit PROFILE_ENCRYPTION_KEY; ohne denselben Schlüssel ' +
            'bleiben verschlüsselte Profildaten unlesbar.\n',
        );
      return 0;
    }
    out.stderr(`Unbekannter Befehl: ${String(command)}\n`);
    return 2;
  } catch (err) {
    if (err instanceof BackupError) {
      out.stderr(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
