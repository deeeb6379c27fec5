/**
 * A read cache for a store that only this process, through this backend, ever writes — which holds for
 * PGlite (one instance owns its data directory; the MCP server also locks it) and never for PostgreSQL,
 * where other processes write. Coherence rests on three rules:
 *
 * - every write clears the cache when it starts and again when it ends (success or not), before its
 *   caller sees the answer, so no read that starts after a write returns what was there before it;
 * - while any write is in flight, reads skip the cache and store nothing;
 * - a read stores its result only if no write started or ended while it ran (a generation counter), so a
 *   slow read that began before a write can never put the old value back.
 *
 * Only answers are cached (found / not found), never a failure; closing stops all caching, so a closed
 * store reports itself unreachable. Cached values are frozen and shared. Keys over 256 characters are
 * not cached, and the oldest entry goes when `limit` is reached, so memory stays bounded.
 */
export interface ReadCache {
  read<T extends object>(key: string, load: () => Promise<T>, cacheable: (value: T) => boolean): Promise<T>;
  write<T>(run: () => Promise<T>): Promise<T>;
  close(): void;
  /** Entries held now (for tests). */
  readonly size: number;
}

const MAX_KEY_LENGTH = 256;

export function createReadCache(limit = 1_000): ReadCache {
  const entries = new Map<string, object>();
  let generation = 0;
  let writesInFlight = 0;
  let closed = false;
  const usable = () => !closed && writesInFlight === 0;
  async function read<T extends object>(
    key: string,
    load: () => Promise<T>,
    cacheable: (value: T) => boolean,
  ): Promise<T> {
    const keyFits = key.length <= MAX_KEY_LENGTH;
    if (keyFits && usable()) {
      const hit = entries.get(key);
      if (hit !== undefined) return hit as T;
    }
    const started = generation;
    const value = await load();
    if (keyFits && usable() && generation === started && cacheable(value)) {
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, deepFreeze(value));
    }
    return value;
  }
  return {
    read,
    async write(run) {
      writesInFlight += 1;
      generation += 1;
      entries.clear();
      try {
        return await run();
      } finally {
        writesInFlight -= 1;
        generation += 1;
        entries.clear();
      }
    },
    close() {
      closed = true;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/** The same store without a cache: every read goes to the database (PostgreSQL, or a shared PGlite). */
export const NO_READ_CACHE: ReadCache = {
  read: (_key, load) => load(),
  write: (run) => run(),
  close: () => {},
  size: 0,
};
