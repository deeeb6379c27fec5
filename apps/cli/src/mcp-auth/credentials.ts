import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { createOAuthProvider, type McpServerConfig } from "@keel/mcp-client";
import type { Environment } from "../env-file.js";
import { cannotOpen, checkDatabaseUrl, type StoreAbout, storeFailed } from "../store-unavailable.js";
import { UsageError } from "../usage-error.js";
import { openCredentialDatabase } from "./credential-database.js";
import { CREDENTIALS_KEY_VARIABLE, type CredentialsLocation, credentialsSecret } from "./credential-key.js";
import { type SqlCredentialStore, sqlCredentialStore } from "./credential-store.js";
import type { OAuthSettings } from "./oauth-settings.js";

/**
 * Where `keel` keeps MCP credentials: PostgreSQL at KEEL_MCP_CREDENTIALS_DATABASE_URL, else PGlite in
 * KEEL_MCP_CREDENTIALS_DIR, else `~/.keel/mcp-credentials`. Tokens belong to the person who logged in,
 * not to a project's support data, so they live apart from `.keel-data`.
 */
export function credentialsLocation(environment: Environment, cwd: string): CredentialsLocation {
  const databaseUrl = environment.KEEL_MCP_CREDENTIALS_DATABASE_URL;
  if (databaseUrl) return { kind: "postgres", databaseUrl };
  const dir = environment.KEEL_MCP_CREDENTIALS_DIR;
  if (dir) return { kind: "pglite", dataDir: resolve(cwd, dir) };
  return { kind: "pglite", dataDir: join(environment.HOME || homedir(), ".keel", "mcp-credentials") };
}

/** For messages: never the database URL, which may carry a password. */
export function describeLocation(location: CredentialsLocation): string {
  return location.kind === "pglite" ? location.dataDir : "PostgreSQL (KEEL_MCP_CREDENTIALS_DATABASE_URL)";
}

/** The credential store as an unavailable store's message names it, and what to do. */
function credentialStoreAbout(location: CredentialsLocation): StoreAbout {
  return location.kind === "pglite"
    ? {
        name: `MCP credential store in ${location.dataDir}`,
        hint: "Set KEEL_MCP_CREDENTIALS_DIR to a folder this user can create and write.",
      }
    : {
        name: "MCP credential store in PostgreSQL (KEEL_MCP_CREDENTIALS_DATABASE_URL)",
        hint: "Check that PostgreSQL is running and reachable at KEEL_MCP_CREDENTIALS_DATABASE_URL's host and port, and its user, password and database.",
      };
}

/**
 * The credential store, opened on first use: a run whose HTTP servers never ask for authorization makes
 * no key and opens no database. Errors (a missing key for PostgreSQL) surface at that first use.
 */
export function lazyCredentialStore(environment: Environment, cwd: string): SqlCredentialStore {
  let opened: Promise<SqlCredentialStore> | undefined;
  const store = () => {
    opened ??= (async () => {
      const location = credentialsLocation(environment, cwd);
      const about = credentialStoreAbout(location);
      checkDatabaseUrl(location, about);
      // The folder's key is made in the folder (0700): a folder that cannot be made is an unavailable store
      // (exit 4); a key that is too short, or missing for PostgreSQL, is the user's to fix (exit 2).
      const secret = (() => {
        try {
          return credentialsSecret(environment[CREDENTIALS_KEY_VARIABLE], location);
        } catch (error) {
          throw UsageError.isInstance(error) ? error : cannotOpen(location, error, about);
        }
      })();
      const database = await openCredentialDatabase(location).catch((error: unknown) => {
        throw cannotOpen(location, error, about);
      });
      // A statement that fails is the database's outage (a PGlite folder is opened for each one), never
      // "no credentials": main gives it exit 4.
      return sqlCredentialStore(
        {
          run: (sql, params) =>
            database.run(sql, params).catch((error: unknown) => {
              throw storeFailed(location, "reading or writing credentials", error, about);
            }),
          close: () => database.close(),
        },
        secret,
      );
    })();
    return opened;
  };
  // Reading a PGlite folder that holds no database yet finds nothing, and must not make one (nor a key):
  // every HTTP server's requests ask for tokens, most servers never need any.
  const empty = () => {
    const location = credentialsLocation(environment, cwd);
    return (
      opened === undefined &&
      location.kind === "pglite" &&
      !existsSync(join(location.dataDir, "pgdata", "PG_VERSION"))
    );
  };
  return {
    load: async (server) => (empty() ? undefined : (await store()).load(server)),
    save: async (server, credentials) => (await store()).save(server, credentials),
    delete: async (server) => (empty() ? undefined : (await store()).delete(server)),
    list: async () => (empty() ? [] : (await store()).list()),
    close: async () => {
      if (opened !== undefined) await (await opened).close();
    },
  };
}

/** The loopback redirect `keel mcp login` listens on. */
export function redirectUrlOf(port: number): string {
  return `http://127.0.0.1:${port}/callback`;
}

/**
 * An HTTP server with Keel's store-backed OAuth provider, unless the config already sends an
 * `Authorization` header (a token given by hand wins). Without `authorize` nobody is asked: a server that
 * needs a new authorization fails with MCP_UNAUTHORIZED naming `keel mcp login NAME`.
 */
export function withStoredAuth(
  name: string,
  server: McpServerConfig,
  settings: OAuthSettings,
  store: SqlCredentialStore,
  configFile: string,
  interactive?: { readonly redirectUrl: string; readonly authorize: (url: URL) => Promise<string | URL> },
): McpServerConfig {
  if (server.type !== "http") return server;
  if (Object.keys(server.headers ?? {}).some((header) => header.toLowerCase() === "authorization"))
    return server;
  const auth = createOAuthProvider({
    server: name,
    serverUrl: server.url,
    store,
    loginHint: `run \`keel mcp login ${name}${configFile === ".mcp.json" ? "" : ` --mcp-config ${configFile}`}\``,
    ...(settings.callbackPort === undefined ? {} : { redirectUrl: redirectUrlOf(settings.callbackPort) }),
    ...(settings.clientId === undefined ? {} : { clientId: settings.clientId }),
    ...(settings.scopes === undefined ? {} : { scopes: settings.scopes }),
    ...(settings.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: settings.clientMetadataUrl }),
    ...(interactive ?? {}),
  });
  return { ...server, auth };
}
