import { KeelConfigError } from "@keel/errors";
import type { MemoryScopeLimits, MemoryStore } from "@keel/tools/memory";
import { checkFaultRate, createFaultSource, type FaultOptions, withFault } from "../faults.js";
import type { FaultableBackend } from "../memory-backend.js";
import { SAMPLE_DATA, type SeedData } from "../seed.js";
import type { BackendOperation, StoreFailure, SupportBackend } from "../types.js";
import { lockDataDir } from "./data-dir-lock.js";
import type { SqlDatabase } from "./database.js";
import { loadDriver } from "./load-driver.js";
import { migrate } from "./migrations.js";
import { createReadCache, NO_READ_CACHE } from "./read-cache.js";
import { sqlMemoryStore } from "./sql-memory-store.js";
import { sqlQueries } from "./sql-queries.js";
import { STATEMENTS } from "./statements.js";
import { guarded } from "./store-failure.js";

/** Where the SQL store lives and how it starts; fault options as for the memory backend. */
export interface SqlBackendOptions extends FaultOptions {
  /** PostgreSQL connection string; without it the store is embedded PGlite. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data directory (created if missing); without it PGlite lives in memory. Ignored with `databaseUrl`. */
  readonly dataDir?: string | undefined;
  /** Keep every table in this schema (created if missing), e.g. one per test file. Default: the search_path. */
  readonly schema?: string | undefined;
  /** Rows inserted once, on the first migration; `false` for an empty store. Default {@link SAMPLE_DATA}. */
  readonly data?: SeedData | false | undefined;
  /** Clock for created/resolved timestamps. */
  readonly now?: (() => Date) | undefined;
  /**
   * PostgreSQL only: per-statement limit (the server's `statement_timeout`; the client gives up 500 ms later
   * and on a connection after as long), reported as a timeout. Default 3000: below the hooks' 5 s, so a
   * store that cannot answer is a transient store timeout, never a failed hook.
   */
  readonly statementTimeoutMs?: number | undefined;
  /** PostgreSQL only: pool size. Default 10. */
  readonly maxConnections?: number | undefined;
}

/** The SQL store: a {@link SupportBackend} with staged faults, and which engine it runs on. */
export interface SqlBackend extends FaultableBackend {
  readonly dialect: SqlDatabase["dialect"];
  /**
   * The memory tool's files kept in this store (`memoryTool({ store })` of `@keel/tools/memory`), for one
   * conversation or one customer: each scope sees only its own files, held to `limits` (default 1,000,000 bytes
   * and 100 files). Throws `MemoryConfigError` (`INVALID_MEMORY_SCOPE`) for both ids or neither, and for an id
   * that is empty, starts or ends with whitespace, or holds a control character or a lone surrogate.
   */
  memoryStore(
    scope:
      | { readonly conversationId: string; readonly customerId?: never }
      | { readonly customerId: string; readonly conversationId?: never },
    limits?: MemoryScopeLimits,
  ): MemoryStore;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The SQL store: PGlite embedded by default, PostgreSQL through a `pg` pool when `databaseUrl` is given.
 * Migrates (idempotently) before it resolves, so it rejects when the database cannot be reached at
 * start-up; afterwards connection failures come back as `unreachable`/`timeout`. Throws KeelConfigError
 * for a bad `schema`, `faultRate`, `statementTimeoutMs` or `maxConnections`.
 *
 * On PGlite, which this backend opens and alone uses, customer and order lookups are served from a
 * read cache that every write through the backend invalidates (see read-cache.ts); PostgreSQL has
 * other writers, so there every read goes to the database.
 */
export async function createSqlBackend(options: SqlBackendOptions = {}): Promise<SqlBackend> {
  checkOptions(options);
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options)
    : await openPglite(options);
  try {
    // PGlite is a single session: pointing it at the schema once covers every later query.
    if (database.dialect === "pglite" && options.schema) {
      await database.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
      await database.query(`SET search_path TO ${options.schema}`);
    }
    return await openSqlBackend(database, options, { readCache: database.dialect === "pglite" });
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Options end up in SQL and connection strings: anything but the expected shapes is a programmer error,
 * refused before a database is opened.
 */
function checkOptions(options: SqlBackendOptions): void {
  checkFaultRate(options);
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new KeelConfigError(
      "INVALID_SCHEMA_NAME",
      `createSqlBackend: schema must be a lower-case identifier (${SCHEMA_NAME.source}), got ${JSON.stringify(options.schema)}.`,
    );
  }
  for (const key of ["statementTimeoutMs", "maxConnections"] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
      throw new KeelConfigError(
        "INVALID_SQL_OPTIONS",
        `createSqlBackend: ${key} must be a positive integer.`,
      );
    }
  }
}

/** Server-side statement limit and client-side connection limit, below the hooks' 5 s default. */
const STATEMENT_TIMEOUT_MS = 3000;

async function openPostgres(databaseUrl: string, options: SqlBackendOptions): Promise<SqlDatabase> {
  const [{ default: pg }, { postgresDatabase }] = await loadDriver("postgres", () =>
    Promise.all([import("pg"), import("./postgres-database.js")]),
  );
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const settings = [`-c statement_timeout=${statementTimeoutMs}`];
  if (options.schema) settings.push(`-c search_path=${options.schema}`);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    options: settings.join(" "),
    max: options.maxConnections ?? 10,
    // Client-side limits too: a frozen or partitioned server never answers, so statement_timeout alone
    // would leave the call (and the hook waiting on it) hanging. Both stay below the hooks' 5 s default,
    // so a store that cannot answer reads as a store timeout (transient), never as a failed hook.
    connectionTimeoutMillis: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 500,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on("error", () => {});
  return postgresDatabase(pool);
}

async function openPglite(options: SqlBackendOptions): Promise<SqlDatabase> {
  // The adapter imports the driver too, so both load only here, when a PGlite store is opened.
  const [{ PGlite }, { pgliteDatabase }] = await loadDriver("pglite", () =>
    Promise.all([import("@electric-sql/pglite"), import("./pglite-database.js")]),
  );
  if (!options.dataDir) return pgliteDatabase(await PGlite.create());
  // One process owns a data directory: the lock is taken before PGlite opens it and freed after it closes.
  const lock = lockDataDir(options.dataDir);
  try {
    const database = pgliteDatabase(await PGlite.create({ dataDir: options.dataDir }));
    const close = database.close;
    return { ...database, close: () => close().finally(() => lock.release()) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** How the backend may use its database beyond the public options. */
export interface SqlBackendUse {
  /**
   * Serve customer and order lookups from memory between writes. Only sound when every write to the
   * database goes through this backend: a PGlite instance nothing else touches, never PostgreSQL.
   */
  readonly readCache?: boolean;
}

/** Wraps an open database (already pointed at its schema) as the backend; exported for tests. */
export async function openSqlBackend(
  database: SqlDatabase,
  options: SqlBackendOptions = {},
  use: SqlBackendUse = {},
): Promise<SqlBackend> {
  const faults = createFaultSource(options);
  const data = options.data === false ? undefined : (options.data ?? SAMPLE_DATA);
  await migrate(database, {
    ...(options.schema ? { schema: options.schema } : {}),
    ...(data ? { seed: data } : {}),
  });
  // The dialect check is the last line of defence: PostgreSQL is never cached, whatever the caller says.
  const cache = use.readCache && database.dialect === "pglite" ? createReadCache() : NO_READ_CACHE;
  const queries = sqlQueries(database, options.now ?? (() => new Date()), cache);
  const run = <T>(operation: BackendOperation, effect: "read" | "write", call: () => Promise<T>) =>
    withFault(faults, operation, effect, () => guarded(call)) as Promise<T | StoreFailure>;
  const backend: SupportBackend = {
    getCustomerByEmail: (email) => run("getCustomerByEmail", "read", () => queries.getCustomerByEmail(email)),
    getCustomerById: (customerId) =>
      run("getCustomerById", "read", () => queries.getCustomerById(customerId)),
    getOrder: (orderId) => run("getOrder", "read", () => queries.getOrder(orderId)),
    processRefund: (request) => run("processRefund", "write", () => queries.processRefund(request)),
    createEscalation: (request) => run("createEscalation", "write", () => queries.createEscalation(request)),
    listTickets: (filter) => run("listTickets", "read", () => queries.listTickets(filter)),
    resolveTicket: (ticketId, resolution) =>
      run("resolveTicket", "write", () => queries.resolveTicket(ticketId, resolution)),
    listRefunds: (orderId) => run("listRefunds", "read", () => queries.listRefunds(orderId)),
    recordConversationCall: (conversationId, entry) =>
      run("recordConversationCall", "write", async () => {
        await database.run(STATEMENTS.insertConversationCall, [conversationId, JSON.stringify(entry)]);
        return { kind: "recorded" } as const;
      }),
    claimIdempotencyKey: (key, fingerprint) =>
      run("claimIdempotencyKey", "write", async () => {
        // First writer wins: the insert binds a free key; a taken one is read back and compared.
        const inserted = await database.run(STATEMENTS.claimIdempotencyKey, [key, fingerprint]);
        if (inserted.length > 0) return { kind: "claimed" } as const;
        const [row] = await database.run<{ fingerprint: string }>(STATEMENTS.idempotencyKeyFingerprint, [
          key,
        ]);
        return { kind: row?.fingerprint === fingerprint ? "same" : "other" } as const;
      }),
    conversationCalls: (conversationId, limit) =>
      run("conversationCalls", "read", async () => {
        const rows = await database.run<{ entry: unknown }>(STATEMENTS.conversationCalls, [
          conversationId,
          limit,
        ]);
        const entries = rows.map((row) =>
          typeof row.entry === "string" ? JSON.parse(row.entry) : row.entry,
        );
        return { kind: "listed", entries } as const;
      }),
    feesForCustomer: (customerId, window) =>
      run("feesForCustomer", "read", () => queries.feesForCustomer(customerId, window)),
    close: () => {
      cache.close();
      return database.close();
    },
  };
  return {
    ...backend,
    faults,
    dialect: database.dialect,
    memoryStore: (scope, limits) => sqlMemoryStore(database, scope, limits),
  };
}
