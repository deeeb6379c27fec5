import { createHash } from "node:crypto";
import { canonicalJson } from "@keel/tools/internal";

/**
 * The key a write tool receives unless the caller supplies its own: the same run, tool and canonical input
 * always give the same key, so the retries of one call (and a model repeating the call, or a resumed run)
 * are recognised downstream.
 */
export function idempotencyKey(runId: string, toolName: string, input: unknown): string {
  return createHash("sha256")
    .update(`${runId}\u0000${toolName}\u0000${canonicalJson(input)}`)
    .digest("hex")
    .slice(0, 24);
}
