/** Most entries kept; the oldest goes first. A teacher's lists are a few KB each. */
const MAX_ENTRIES = 20_000;

interface Entry {
  version: string;
  body: string;
}

/**
 * Serialized list responses per user, valid while none of the tables they were read from has changed
 * (ADR 011). Tables announce changes through the database (migration 0003 → `tableChanged`), so every API
 * process hears every write, its own and others', after the commit. An entry carries the table versions
 * read *before* its query ran: a change that lands while the query runs makes the entry stale at once,
 * never wrongly fresh. While the change feed is not live, nothing is served from the cache.
 */
export class ListCache {
  private readonly versions = new Map<string, number>();
  /** Bumped when a user's own write was answered here, before its notification arrives. */
  private readonly userEpochs = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private isLive = false;
  hits = 0;
  misses = 0;

  /** Whether entries are served (the change feed is listening). */
  get live(): boolean {
    return this.isLive;
  }

  /** Serves from the cache only from now on (the change feed is listening). */
  start() {
    this.isLive = true;
  }

  /** Changes may have been missed (feed dropped): forget everything and stop serving until start(). */
  stop() {
    this.isLive = false;
    this.entries.clear();
    this.userEpochs.clear();
  }

  /** This user's lists may have changed, table unknown (this process just answered their write). */
  userChanged(userId: string) {
    this.userEpochs.set(userId, (this.userEpochs.get(userId) ?? 0) + 1);
  }

  tableChanged(table: string) {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  /**
   * The cached body of `key` (a list of `userId`'s), or `load()`'s (stored for next time). `tables`: what
   * `load` reads.
   */
  async get(
    userId: string,
    key: string,
    tables: readonly string[],
    load: () => Promise<string>,
  ): Promise<string> {
    if (!this.isLive) return load();
    const tableVersions = tables.map((t) => this.versions.get(t) ?? 0).join('.');
    const version = `${this.userEpochs.get(userId) ?? 0}:${tableVersions}`;
    const hit = this.entries.get(key);
    if (hit?.version === version) {
      this.hits++;
      return hit.body;
    }
    this.misses++;
    const body = await load();
    // Re-insert so the Map's order is least recently stored first.
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    if (this.isLive) this.entries.set(key, { version, body });
    return body;
  }
}
