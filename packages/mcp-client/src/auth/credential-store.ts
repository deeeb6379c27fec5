import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

/**
 * What Keel keeps for one server between runs: its tokens and the client registration they belong to.
 * Secrets all of it: a store must keep it out of logs and encrypt it at rest.
 */
export interface StoredOAuthCredentials {
  /** The server these were obtained for: credentials stored for another URL under the same name are ignored. */
  readonly serverUrl: string;
  readonly tokens?: OAuthTokens;
  /** When `tokens` were saved (ISO 8601): with `tokens.expires_in`, when the access token expires. */
  readonly tokensSavedAt?: string;
  /** The registration (dynamic, a metadata-document URL, or a pre-registered client stamped with its issuer). */
  readonly clientInformation?: OAuthClientInformationMixed;
}

/**
 * Where a provider from {@link createOAuthProvider} keeps credentials, keyed by server name. Keel's CLI
 * implements it on its SQL store (encrypted with AES-256-GCM); without one, credentials live in memory for
 * the life of the provider.
 */
export interface OAuthCredentialStore {
  load(server: string): Promise<StoredOAuthCredentials | undefined>;
  save(server: string, credentials: StoredOAuthCredentials): Promise<void>;
  delete(server: string): Promise<void>;
}

/** A store that forgets everything when the process ends. */
export function memoryCredentialStore(): OAuthCredentialStore {
  const records = new Map<string, StoredOAuthCredentials>();
  return {
    load: async (server) => records.get(server),
    save: async (server, credentials) => {
      records.set(server, credentials);
    },
    delete: async (server) => {
      records.delete(server);
    },
  };
}

/** When the stored access token expires, or undefined when the server did not say. */
export function expiryOf(credentials: StoredOAuthCredentials): Date | undefined {
  const seconds = credentials.tokens?.expires_in;
  if (seconds === undefined || credentials.tokensSavedAt === undefined) return undefined;
  return new Date(Date.parse(credentials.tokensSavedAt) + seconds * 1000);
}
