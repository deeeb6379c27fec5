import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { KeelConfigError } from "@keel/errors";
import { folderKey } from "@keel/folder-lock/internal";
import { MIN_APPROVAL_KEY_BYTES } from "./held-runs.js";

/** The file, inside a PGlite data directory, that holds the key signing that store's approval decisions. */
export const APPROVAL_KEY_FILE = "approval.key";

/** No usable key to sign approval decisions with: what to set is in the message. */
export class ApprovalKeyError extends KeelConfigError<"APPROVAL_KEY_MISSING" | "APPROVAL_KEY_TOO_SHORT"> {
  static override readonly errorName = "ApprovalKeyError";
}

/**
 * Where the key came from: the environment; the store's own data directory (made now or earlier); or, for a
 * memory store whose held runs die with the process, a key of this process alone.
 */
export type ApprovalKeySource =
  | { readonly key: string; readonly from: "environment" }
  | { readonly key: string; readonly from: "data-dir"; readonly file: string; readonly created: boolean }
  | { readonly key: string; readonly from: "process" };

export interface ApprovalKeyOptions {
  /** `KEEL_APPROVAL_KEY`, when set: it wins wherever it is given. */
  readonly environmentKey: string | undefined;
  /** The store whose held runs are decided. */
  readonly store:
    | { readonly kind: "memory" }
    | { readonly kind: "pglite"; readonly dataDir: string }
    | { readonly kind: "postgres" };
}

/**
 * The key that signs approval decisions. An explicit key (`KEEL_APPROVAL_KEY`, at least 32 bytes) always
 * wins. An embedded PGlite store serves one machine, so without one it keeps its own key in
 * `DIR/approval.key` (64 hex characters, mode 0600), made on first use: every process that opens the store
 * signs and checks with the same key. A PostgreSQL store is shared by machines that must agree on the key,
 * so there it must be set explicitly. A memory store's held runs live and die with the process, and so does
 * its key. Throws ApprovalKeyError saying what to set.
 */
export function approvalKeyFor(options: ApprovalKeyOptions): ApprovalKeySource {
  const explicit = options.environmentKey;
  if (explicit !== undefined && explicit !== "") {
    if (Buffer.byteLength(explicit) < MIN_APPROVAL_KEY_BYTES) {
      throw new ApprovalKeyError(
        "APPROVAL_KEY_TOO_SHORT",
        `KEEL_APPROVAL_KEY is shorter than ${MIN_APPROVAL_KEY_BYTES} bytes: use a secret of at least ` +
          `${MIN_APPROVAL_KEY_BYTES} bytes (e.g. \`openssl rand -hex 32\`).`,
      );
    }
    return { key: explicit, from: "environment" };
  }
  if (options.store.kind === "memory") return { key: randomBytes(32).toString("hex"), from: "process" };
  if (options.store.kind === "postgres") {
    throw new ApprovalKeyError(
      "APPROVAL_KEY_MISSING",
      `approving or rejecting signs the decision, and a PostgreSQL store is shared by every machine that ` +
        `decides: set KEEL_APPROVAL_KEY to a secret of at least ${MIN_APPROVAL_KEY_BYTES} bytes ` +
        "(e.g. `openssl rand -hex 32`), the same on each of them.",
    );
  }
  return dataDirKey(options.store.dataDir);
}

function dataDirKey(dataDir: string): ApprovalKeySource {
  const file = join(dataDir, APPROVAL_KEY_FILE);
  const { key, created } = folderKey(dataDir, file, {
    minBytes: MIN_APPROVAL_KEY_BYTES,
    tooShort: (path, size) =>
      new ApprovalKeyError(
        "APPROVAL_KEY_TOO_SHORT",
        `${path} holds no key of at least ${MIN_APPROVAL_KEY_BYTES} bytes (${size} bytes): remove it to have a ` +
          "new key made, or set KEEL_APPROVAL_KEY.",
      ),
  });
  return { key, from: "data-dir", file, created };
}
