import type { OAuthCredentialStore, StoredOAuthCredentials } from "@keel/mcp-client";
import type { CredentialDatabase } from "./credential-database.js";
import { credentialCipherKey, openJson, sealJson } from "./sealed-json.js";

/** Keel's store of MCP credentials: encrypted at rest; `list` for `keel mcp status`. */
export interface SqlCredentialStore extends OAuthCredentialStore {
  list(): Promise<ReadonlyArray<{ readonly server: string; readonly credentials: StoredOAuthCredentials }>>;
  close(): Promise<void>;
}

/**
 * Credentials in `database`, each row sealed with AES-256-GCM under a key derived from `secret` and bound
 * to its server's name. A row that does not open (another key) reads as absent: log in again.
 */
export function sqlCredentialStore(database: CredentialDatabase, secret: string): SqlCredentialStore {
  const key = credentialCipherKey(secret);
  const open = (server: string, sealed: unknown): StoredOAuthCredentials | undefined => {
    try {
      return openJson(String(sealed), key, server) as StoredOAuthCredentials;
    } catch {
      return undefined;
    }
  };
  return {
    async load(server) {
      const [row] = await database.run("SELECT sealed FROM keel_mcp_credentials WHERE server = $1", [server]);
      return row === undefined ? undefined : open(server, row.sealed);
    },
    async save(server, credentials) {
      await database.run(
        `INSERT INTO keel_mcp_credentials (server, sealed, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (server) DO UPDATE SET sealed = EXCLUDED.sealed, updated_at = now()`,
        [server, sealJson(credentials, key, server)],
      );
    },
    async delete(server) {
      await database.run("DELETE FROM keel_mcp_credentials WHERE server = $1", [server]);
    },
    async list() {
      const rows = await database.run("SELECT server, sealed FROM keel_mcp_credentials ORDER BY server");
      return rows.flatMap((row) => {
        const credentials = open(String(row.server), row.sealed);
        return credentials === undefined ? [] : [{ server: String(row.server), credentials }];
      });
    },
    close: () => database.close(),
  };
}
