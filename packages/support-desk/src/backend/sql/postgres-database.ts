import type { Pool, PoolClient } from "pg";
import type { SqlDatabase, SqlSession } from "./database.js";

/**
 * A `pg` pool: each transaction holds one client; a client that failed mid-transaction is discarded.
 * Statements run as named prepared statements, which `pg` parses once per pooled connection.
 */
export function postgresDatabase(pool: Pool): SqlDatabase {
  const session = (target: Pool | PoolClient): SqlSession => ({
    query: async <Row>(text: string, params: readonly unknown[] = []) => {
      const result = await target.query(text, [...params]);
      return { rows: result.rows as Row[] };
    },
    run: async <Row>(
      statement: { readonly name: string; readonly text: string },
      params: readonly unknown[],
    ) => {
      const result = await target.query({ name: statement.name, text: statement.text, values: [...params] });
      return result.rows as Row[];
    },
    // Without parameters pg uses the simple protocol, which accepts several statements.
    runScript: async (script: string) => {
      await target.query(script);
    },
  });
  let ended = false;
  return {
    dialect: "postgres",
    ...session(pool),
    async transaction(run) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await run(session(client));
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
