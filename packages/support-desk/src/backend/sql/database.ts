import type { PGliteInterface, Transaction } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";

/** What the SQL backend needs from a connection: parameterised queries. */
export interface SqlExecutor {
  query<Row>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
  /** Several statements, no parameters (migrations). */
  execute(script: string): Promise<void>;
}

/** A database the backend owns: queries, transactions (BEGIN … COMMIT, ROLLBACK on throw), close. */
export interface SqlDatabase extends SqlExecutor {
  readonly dialect: "pglite" | "postgres";
  transaction<T>(run: (executor: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite is one session: its own mutex serialises transactions, so row locks never contend. */
export function pgliteDatabase(database: PGliteInterface): SqlDatabase {
  const executor = (target: PGliteInterface | Transaction): SqlExecutor => ({
    query: async <Row>(text: string, params: readonly unknown[] = []) => {
      const result = await target.query<Row>(text, [...params]);
      return { rows: result.rows };
    },
    execute: async (script: string) => {
      await target.exec(script);
    },
  });
  return {
    dialect: "pglite",
    ...executor(database),
    transaction: (run) => database.transaction((transaction) => run(executor(transaction))),
    close: () => (database.closed ? Promise.resolve() : database.close()),
  };
}

/** A `pg` pool: each transaction holds one client; a client that failed mid-transaction is discarded. */
export function postgresDatabase(pool: Pool): SqlDatabase {
  const executor = (target: Pool | PoolClient): SqlExecutor => ({
    query: async <Row>(text: string, params: readonly unknown[] = []) => {
      const result = await target.query(text, [...params]);
      return { rows: result.rows as Row[] };
    },
    // Without parameters pg uses the simple protocol, which accepts several statements.
    execute: async (script: string) => {
      await target.query(script);
    },
  });
  let ended = false;
  return {
    dialect: "postgres",
    ...executor(pool),
    async transaction(run) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await run(executor(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error("rollback failed");
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      if (ended) return;
      ended = true;
      await pool.end();
    },
  };
}
