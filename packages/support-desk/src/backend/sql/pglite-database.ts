import { type PGliteInterface, protocol, type Transaction, types } from "@electric-sql/pglite";
import type { SqlDatabase, SqlParameter, SqlSession, SqlStatement } from "./database.js";

const { serialize } = protocol;

/** One result column of a prepared statement and how its text is turned into a value. */
interface Column {
  readonly name: string;
  readonly typeId: number;
  readonly parse: ((text: string, typeId: number) => unknown) | undefined;
}

type Message = { readonly name: string } & Record<string, unknown>;

const EXECUTE_AND_SYNC = concat([serialize.execute({}), serialize.sync()]);

/**
 * PGlite is one session, and this wrapper must be its only user: every call (statements, queries,
 * transactions, close) passes one FIFO lane, so nothing ever runs inside another call's transaction.
 * Prepared statements go to PGlite's wire protocol directly: Parse and Describe once, then one
 * Bind + Execute + Sync per call, instead of the six protocol round trips of `query()` — and the plan is
 * reused. Rows come back parsed by PGlite's own type parsers, exactly as `query()` returns them.
 */
export function pgliteDatabase(database: PGliteInterface): SqlDatabase {
  const prepared = new Map<string, readonly Column[]>();
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work);
    tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };

  async function prepare(statement: SqlStatement): Promise<readonly Column[]> {
    const { messages } = await send(
      concat([
        serialize.parse({ name: statement.name, text: statement.text }),
        serialize.describe({ type: "S", name: statement.name }),
        serialize.sync(),
      ]),
    );
    const description = messages.find((message) => message.name === "rowDescription") as
      | { fields: readonly { name: string; dataTypeID: number }[] }
      | undefined;
    const columns = (description?.fields ?? []).map((field) => ({
      name: field.name,
      typeId: field.dataTypeID,
      parse: types.parsers[field.dataTypeID] as Column["parse"],
    }));
    prepared.set(statement.name, columns);
    return columns;
  }

  async function runPrepared<Row>(statement: SqlStatement, params: readonly SqlParameter[]): Promise<Row[]> {
    const columns = prepared.get(statement.name) ?? (await prepare(statement));
    const bind = serialize.bind({ statement: statement.name, values: params.map(asText) });
    const { messages } = await send(concat([bind, EXECUTE_AND_SYNC]));
    const rows: Row[] = [];
    for (const message of messages) {
      if (message.name === "dataRow") rows.push(rowOf(message.fields as (string | null)[], columns) as Row);
    }
    return rows;
  }

  async function send(message: Uint8Array): Promise<{ messages: readonly Message[] }> {
    // execProtocol does not check this itself; the message is the one every other path reports.
    if (database.closed) throw new Error("PGlite is closed");
    const { messages } = await database.execProtocol(message, { syncToFs: false });
    return { messages: messages as unknown as readonly Message[] };
  }

  const inTransaction = (transaction: Transaction): SqlSession => ({
    query: async <Row>(text: string, params: readonly unknown[] = []) => {
      const result = await transaction.query<Row>(text, [...params]);
      return { rows: result.rows };
    },
    run: runPrepared,
    runScript: async (script: string) => {
      await transaction.exec(script);
    },
  });

  // Like `query()`, a top-level call ends by syncing to the file system (a no-op for Node's; not for all).
  const synced = async <T>(result: T): Promise<T> => {
    await (database as { syncToFs?: () => Promise<void> }).syncToFs?.();
    return result;
  };

  return {
    dialect: "pglite",
    query: <Row>(text: string, params: readonly unknown[] = []) =>
      exclusive(async () => ({ rows: (await database.query<Row>(text, [...params])).rows })),
    run: <Row>(statement: SqlStatement, params: readonly SqlParameter[]) =>
      exclusive(async () => synced(await runPrepared<Row>(statement, params))),
    runScript: (script: string) =>
      exclusive(async () => {
        await database.exec(script);
      }),
    transaction: (run) =>
      exclusive(async () =>
        synced(await database.transaction((transaction) => run(inTransaction(transaction)))),
      ),
    close: () => exclusive(() => (database.closed ? Promise.resolve() : database.close())),
  };
}

function rowOf(fields: readonly (string | null)[], columns: readonly Column[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index += 1) {
    const column = columns[index] as Column;
    const text = fields[index] ?? null;
    row[column.name] = text === null || column.parse === undefined ? text : column.parse(text, column.typeId);
  }
  return row;
}

/** Parameters travel as text, as `query()` sends them; anything else is a bug in a statement's caller. */
function asText(value: SqlParameter): string | null {
  if (value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw new TypeError(`unsupported SQL parameter of type ${typeof value}`);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
