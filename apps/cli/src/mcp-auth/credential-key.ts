import { join } from "node:path";
import { folderKey } from "@keel/folder-lock/internal";
import { UsageError } from "../usage-error.js";

/** The file, inside the credentials' PGlite folder, that holds the key they are encrypted with. */
export const CREDENTIALS_KEY_FILE = "credentials.key";
export const CREDENTIALS_KEY_VARIABLE = "KEEL_MCP_CREDENTIALS_KEY";
/** As for the approval key: a secret of at least 32 bytes. */
const MIN_KEY_BYTES = 32;

/**
 * The secret MCP credentials are encrypted with, handled like the approval key: an explicit
 * KEEL_MCP_CREDENTIALS_KEY (≥ 32 bytes) wins; a PGlite folder otherwise keeps its own in
 * `DIR/credentials.key` (mode 0600, made on first use); PostgreSQL is shared by machines, so there the key
 * must be set explicitly. Throws a UsageError saying what to set.
 */
export function credentialsSecret(explicit: string | undefined, store: CredentialsLocation): string {
  if (explicit !== undefined && explicit !== "") {
    if (Buffer.byteLength(explicit) < MIN_KEY_BYTES) {
      throw new UsageError(
        `${CREDENTIALS_KEY_VARIABLE} is shorter than ${MIN_KEY_BYTES} bytes: use a secret of at least ` +
          `${MIN_KEY_BYTES} bytes (e.g. \`openssl rand -hex 32\`).`,
      );
    }
    return explicit;
  }
  if (store.kind === "postgres") {
    throw new UsageError(
      `MCP credentials in PostgreSQL are encrypted with a key every machine shares: set ${CREDENTIALS_KEY_VARIABLE} ` +
        `to a secret of at least ${MIN_KEY_BYTES} bytes (e.g. \`openssl rand -hex 32\`).`,
    );
  }
  return credentialsFolderKey(store.dataDir);
}

/** Where MCP credentials live: a PGlite folder of their own, or a PostgreSQL database. */
export type CredentialsLocation =
  | { readonly kind: "pglite"; readonly dataDir: string }
  | { readonly kind: "postgres"; readonly databaseUrl: string };

function credentialsFolderKey(dataDir: string): string {
  return folderKey(dataDir, join(dataDir, CREDENTIALS_KEY_FILE), {
    minBytes: MIN_KEY_BYTES,
    dirMode: 0o700,
    tooShort: (file) =>
      new UsageError(
        `${file} holds no key of at least ${MIN_KEY_BYTES} bytes: remove it (the credentials it ` +
          `encrypted are then lost; log in again) or set ${CREDENTIALS_KEY_VARIABLE}.`,
      ),
  }).key;
}
