import type { AsyncLocalStorage } from "node:async_hooks";
import { createMemoryBackend, createSqlBackend, type FaultableBackend } from "@keel/support-desk";
import type { SeedData } from "@keel/support-desk/internal";
import pg from "pg";

/** Where the soak's store lives: the SQL store (PGlite or PostgreSQL), or memory for quick checks of the checks. */
export type SoakStoreSettings =
  | { readonly kind: "pglite" }
  | { readonly kind: "postgres"; readonly databaseUrl: string }
  | { readonly kind: "memory" };

/** An open soak store and how to dispose of it (PostgreSQL: its schema is dropped). */
export interface SoakStore {
  readonly kind: SoakStoreSettings["kind"];
  readonly backend: FaultableBackend;
  dispose(): Promise<void>;
}

/**
 * Opens the store with `faultRate` of calls failing transiently. The fault decisions come from the
 * random source of the run that makes the call (an AsyncLocalStorage), so each run's faults depend on its
 * seed only, however the concurrent runs interleave; outside a run (the final ledger check) nothing fails.
 */
export async function openSoakStore(
  settings: SoakStoreSettings,
  data: SeedData,
  faultRate: number,
  runRandom: AsyncLocalStorage<() => number>,
): Promise<SoakStore> {
  const random = () => runRandom.getStore()?.() ?? 1;
  if (settings.kind === "memory") {
    const backend = createMemoryBackend({ data, faultRate, random });
    return { kind: "memory", backend, dispose: () => backend.close() };
  }
  if (settings.kind === "pglite") {
    const backend = await createSqlBackend({ data, faultRate, random });
    return { kind: "pglite", backend, dispose: () => backend.close() };
  }
  const schema = `keel_reliability_${process.pid}_${Date.now().toString(36)}`;
  const backend = await createSqlBackend({
    databaseUrl: settings.databaseUrl,
    schema,
    data,
    faultRate,
    random,
  });
  return {
    kind: "postgres",
    backend,
    async dispose() {
      await backend.close();
      const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 1 });
      try {
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await pool.end();
      }
    },
  };
}
