import pg from "pg";

/** A PostgreSQL database made for one test file and dropped after it. */
export interface ThrowawayDatabase {
  readonly name: string;
  /** The server's URL with this database as its path. */
  readonly url: string;
  /** Creates the database (empty: the store migrates and seeds it when first opened). */
  create(): Promise<void>;
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

/** One connection to `url` for the length of `use`, closed afterwards whatever happens. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

let made = 0;

/** A uniquely named database on the server at `serverUrl` (an admin URL such as DATABASE_URL). */
export function throwawayDatabase(serverUrl: string, prefix: string): ThrowawayDatabase {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${made++}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    create: () => withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`)).then(() => {}),
    drop: () =>
      withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      ),
  };
}
