import { FIRST_GENERATED_NUMBER, type SeedData } from "../seed.js";
import type { SqlDatabase, SqlSession } from "./database.js";

/** One schema step, applied once and recorded in `schema_migrations`. */
export interface Migration {
  readonly id: string;
  readonly sql: string;
}

/**
 * The one schema, for PGlite and PostgreSQL alike. Append new migrations; never edit an applied one.
 * Money is integer cents; ids are text so they read the same in every store.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    id: "001_support_desk",
    sql: `
CREATE TABLE customers (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'suspended')),
  tier text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE orders (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  status text NOT NULL,
  item_summary text NOT NULL,
  placed_at timestamptz NOT NULL
);
CREATE SEQUENCE refund_number START ${FIRST_GENERATED_NUMBER};
CREATE TABLE refunds (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id),
  customer_id text NOT NULL REFERENCES customers (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX refunds_order_id ON refunds (order_id);
CREATE SEQUENCE ticket_number START ${FIRST_GENERATED_NUMBER};
CREATE TABLE tickets (
  id text PRIMARY KEY,
  number integer NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('open', 'resolved')),
  category text NOT NULL,
  summary text NOT NULL,
  customer_id text,
  pending_request jsonb,
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL,
  resolved_at timestamptz,
  resolution text
);
CREATE INDEX tickets_status ON tickets (status, number);
CREATE TABLE fees (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL,
  charged_on date NOT NULL
);
CREATE INDEX fees_customer_charged ON fees (customer_id, charged_on);
`,
  },
  {
    id: "002_conversation_calls",
    sql: `
CREATE TABLE conversation_calls (
  seq bigserial PRIMARY KEY,
  conversation_id text NOT NULL,
  entry jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversation_calls_by_id ON conversation_calls (conversation_id, seq);
`,
  },
  {
    id: "003_idempotency_keys",
    sql: `
CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // The memory tool's files (sql-memory-store.ts): one row per file or directory, per scope
    // (`customer:ID` or `conversation:ID`); a directory has no content.
    id: "004_memory_files",
    sql: `
CREATE TABLE memory_files (
  scope text NOT NULL,
  path text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('file', 'directory')),
  content text,
  bytes integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, path),
  CHECK ((kind = 'file') = (content IS NOT NULL))
);
`,
  },
];

/** The seed is recorded like a migration, so it is inserted exactly once per database. */
const SEED_ID = "seed_sample_data_v1";

/**
 * Brings a database up to date in one transaction, under an advisory lock so that two processes starting
 * together against one PostgreSQL do not both migrate. Running it again changes nothing.
 */
export async function migrate(
  database: SqlDatabase,
  options: { readonly schema?: string; readonly seed?: SeedData },
): Promise<readonly string[]> {
  return database.transaction(async (session) => {
    await session.query("SELECT pg_advisory_xact_lock(hashtext($1))", [
      `keel-support-desk:${options.schema ?? ""}`,
    ]);
    if (options.schema) await session.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
    await session.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await session.query<{ id: string }>("SELECT id FROM schema_migrations");
    const applied = new Set(rows.map((row) => row.id));
    const ran: string[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.id)) continue;
      await session.runScript(migration.sql);
      await session.query("INSERT INTO schema_migrations (id) VALUES ($1)", [migration.id]);
      ran.push(migration.id);
    }
    if (options.seed && !applied.has(SEED_ID)) {
      await insertSeed(session, options.seed);
      await session.query("INSERT INTO schema_migrations (id) VALUES ($1)", [SEED_ID]);
      ran.push(SEED_ID);
    }
    return ran;
  });
}

/** `customerId` -> `customer_id`: the column insertRows fills from a row field (the inverse of its mapping). */
type ColumnName<Field extends string> = Field extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${ColumnName<Rest>}`
  : Field;

/** The columns of one seed table: one per field of its row type. */
type SeedColumn<Table extends keyof SeedData> = ColumnName<Extract<keyof SeedData[Table][number], string>>;

/**
 * The seed's columns per table, in insertion order: a table comes after the tables it references.
 * A column that is not a field of the table's row type does not compile here.
 */
const SEED_COLUMNS = {
  customers: ["id", "email", "name", "status", "tier", "created_at"],
  orders: ["id", "customer_id", "amount_cents", "currency", "status", "item_summary", "placed_at"],
  refunds: ["id", "order_id", "customer_id", "amount_cents", "reason", "idempotency_key", "created_at"],
  fees: ["id", "customer_id", "amount_cents", "description", "charged_on"],
} as const satisfies { readonly [Table in keyof SeedData]: readonly SeedColumn<Table>[] };

/** Compiles only when `Missing` is never; otherwise the error names the missing columns. */
type NoneMissing<Missing extends never> = Missing;

/** Every field of every seed row type has its column in SEED_COLUMNS, so no seed field is silently dropped. */
// biome-ignore lint/correctness/noUnusedVariables: a compile-time check; declaring it is what enforces it.
type SeedColumnsComplete = NoneMissing<
  {
    [Table in keyof SeedData]: Exclude<SeedColumn<Table>, (typeof SEED_COLUMNS)[Table][number]>;
  }[keyof SeedData]
>;

async function insertSeed(session: SqlSession, seed: SeedData): Promise<void> {
  for (const table of Object.keys(SEED_COLUMNS) as (keyof SeedData)[]) {
    await insertRows(session, table, SEED_COLUMNS[table], seed[table]);
  }
}

/**
 * Inserts `rows` into `table`, one statement per row. Each column is read from the row's field of the same
 * name in camelCase (`customer_id` from `customerId`), the convention rows.ts maps back.
 */
async function insertRows(
  session: SqlSession,
  table: string,
  columns: readonly string[],
  rows: readonly object[],
): Promise<void> {
  const parameters = columns.map((_, index) => `$${index + 1}`).join(", ");
  const text = `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${parameters})`;
  const fields = columns.map((column) =>
    column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
  );
  for (const row of rows) {
    const values = fields.map((field) => (row as Readonly<Record<string, unknown>>)[field]);
    await session.query(text, values);
  }
}
