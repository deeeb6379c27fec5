import { AnthropicClient, type ModelClient } from "@keel/loop";
import { ApprovalKeyError, approvalKeyFor, decisionReportingClient } from "@keel/support-desk/internal";
import type { Environment } from "../env-file.js";
import { cannotOpen } from "../store-unavailable.js";
import { UsageError } from "../usage-error.js";
import type { BackendChoice } from "./backend-choice.js";

/**
 * The key that signs decisions on this store (support-desk's `approvalKeyFor`): `KEEL_APPROVAL_KEY` when
 * set; for a PGlite folder, the folder's own key, made on first use (said on stderr); for PostgreSQL, an
 * explicit key is required. A missing or short key is a usage error saying what to set; a folder where the
 * key cannot be made is an unavailable store (StoreUnavailableError).
 */
export function approvalKey(
  env: Environment,
  choice: BackendChoice,
  stderr: { write(text: string): unknown },
): string {
  try {
    const found = approvalKeyFor({ environmentKey: env.KEEL_APPROVAL_KEY, store: choice });
    if (found.from === "data-dir" && found.created) {
      stderr.write(
        `keel: made an approval key for this store in ${found.file} (mode 0600); decisions on this PGlite ` +
          "folder are signed with it. Set KEEL_APPROVAL_KEY instead where several machines decide (PostgreSQL).\n",
      );
    }
    return found.key;
  } catch (error) {
    if (ApprovalKeyError.isInstance(error)) throw new UsageError(error.message);
    // The folder's key could not be read or written: the folder is not usable.
    throw choice.kind === "pglite" ? cannotOpen(choice, error) : error;
  }
}

/** LIVE with ANTHROPIC_API_KEY; otherwise the scenario's model continues: it reports what the person decided. */
export function continuationClient(env: Environment): ModelClient {
  if (env.ANTHROPIC_API_KEY) {
    return new AnthropicClient({
      apiKey: env.ANTHROPIC_API_KEY,
      ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    });
  }
  return decisionReportingClient();
}
