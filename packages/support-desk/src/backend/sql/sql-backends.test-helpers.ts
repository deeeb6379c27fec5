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
 * Fresh PGlite backends for one test file. Starting PGlite costs about a second; cloning a migrated,
 * seeded template costs less than half of that. Call at the top level of a test file.
 */
export function pgliteBackends(): Factory {
  let template: Promise<PGlite> | undefined;
  afterAll(async () => (await template)?.close());
  return async (options) => {
    template ??= PGlite.create().then(async (database) => {
      await migrate(pgliteDatabase(database), { seed: SAMPLE_DATA });
      return database;
    });
    // The read cache is on, as createSqlBackend runs PGlite: each clone is used by this backend alone.
    return openSqlBackend(pgliteDatabase(await (await template).clone()), options, { readCache: true });
  };
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
