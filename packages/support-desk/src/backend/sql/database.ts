/**
 * One SQL statement the store runs on every call: a stable name (a prepared statement per connection)
 * and its text. Statements are parsed and planned once per connection, then only bound and executed.
 */
export interface SqlStatement {
  readonly name: string;
  readonly text: string;
}

/** Defines a statement; the name must be unique among the store's statements and never reused for other text. */
export const sqlStatement = (name: string, text: string): SqlStatement => Object.freeze({ name, text });

/** What the SQL backend needs from a connection: parameterised queries. */
export interface SqlSession {
  /** A one-off statement (migrations, set-up): parsed and planned each time. */
  query<Row>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
  /** A prepared statement: parsed once per connection, then bound and executed. Rows as `query` returns them. */
  run<Row>(statement: SqlStatement, params: readonly SqlParameter[]): Promise<Row[]>;
  /** Several statements, no parameters (migrations). */
  runScript(script: string): Promise<void>;
}

/** What a statement takes: sent as text, like every driver does for these types. */
export type SqlParameter = string | number | boolean | null;

/** A database the backend owns: queries, transactions (BEGIN … COMMIT, ROLLBACK on throw), close. */
export interface SqlDatabase extends SqlSession {
  readonly dialect: "pglite" | "postgres";
  transaction<T>(run: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
