import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll } from "vitest";
import type { FaultOptions } from "../faults.js";
import { SAMPLE_DATA } from "../seed.js";
import { migrate } from "./migrations.js";
import { pgliteDatabase } from "./pglite-database.js";
import { createSqlBackend, openSqlBackend, type SqlBackend } from "./sql-backend.js";

type Factory = (options?: FaultOptions & { now?: () => Date }) => Promise<SqlBackend>;

/**
 * The data directory of a new PGlite cluster (initdb done, nothing else), dumped once per worker: test files
 * share a worker's modules (isolate: false), so only the first file in a worker pays for an initdb.
 */
let freshCluster: Promise<Blob> | undefined;

/**
 * Fresh PGlite backends for one test file. Starting a PGlite costs seconds (initdb, or loading a data
 * directory, then booting Postgres), so a closed backend hands its instance back to a pool, and the next
 * backend gets it with a fresh database: the public schema dropped and created again and the session reset
 * (`DISCARD ALL`), then migrated and seeded as a new store is. A new instance starts only when every
 * pooled one is in use (two backends open together), from a data directory dumped once per worker. Call at the top
 * level of a test file.
 */
export function pgliteBackends(): Factory {
  const started: PGlite[] = [];
  const idle: PGlite[] = [];
  afterAll(async () => {
    await Promise.all(started.map((instance) => instance.close()));
  });
  const start = async (): Promise<PGlite> => {
    if (!freshCluster) {
      const first = PGlite.create();
      freshCluster = first.then((instance) => instance.dumpDataDir("none"));
      started.push(await first);
      await freshCluster;
      return first;
    }
    const instance = await PGlite.create({ loadDataDir: await freshCluster });
    started.push(instance);
    return instance;
  };
  const borrow = async (): Promise<PGlite> => {
    const instance = idle.pop() ?? (await start());
    await instance.exec("DISCARD ALL"); // a statement of its own: it refuses to run in a transaction block
    await instance.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    await migrate(pgliteDatabase(instance), { seed: SAMPLE_DATA });
    return instance;
  };
  return async (options) => {
    const instance = await borrow();
    // The read cache is on, as createSqlBackend runs PGlite: the instance is used by this backend alone.
    return openSqlBackend(pgliteDatabase(lent(instance, () => idle.push(instance))), options, {
      readCache: true,
    });
  };
}

/**
 * The instance as its borrower sees it: closing it hands it back (`onClose`) instead of shutting it down,
 * and from then on it behaves as a closed PGlite does, `closed` true and every call rejected, so a closed
 * backend can never reach the database its instance now serves to another.
 */
function lent(instance: PGlite, onClose: () => void): PGlite {
  let closed = false;
  const rejectClosed = async () => {
    throw new Error("PGlite is closed");
  };
  return new Proxy(instance, {
    get(target, key) {
      if (key === "closed") return closed || target.closed;
      if (key === "close") {
        return async () => {
          if (closed) return;
          closed = true;
          onClose();
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return closed ? rejectClosed : value.bind(target);
    },
  });
}

/**
 * Fresh PostgreSQL backends, each in its own schema (dropped after the file), or undefined when
 * DATABASE_URL is not set: the caller then registers no PostgreSQL tests at all.
 */
export function postgresBackends():
  | (((options?: Parameters<Factory>[0], schema?: string) => Promise<SqlBackend>) & {
      readonly newSchema: () => string;
    })
  | undefined {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return undefined;
  const schemas: string[] = [];
  const newSchema = () => {
    const schema = `keel_test_${process.pid}_${Date.now().toString(36)}_${schemas.length}`;
    schemas.push(schema);
    return schema;
  };
  afterAll(async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl });
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  });
  const factory = (options: Parameters<Factory>[0] = {}, schema = newSchema()) =>
    createSqlBackend({ ...options, databaseUrl, schema });
  return Object.assign(factory, { newSchema });
}
