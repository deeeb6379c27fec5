import type { IdempotencyRecords } from "@keel/tool-call";
import type { SupportBackend } from "./types.js";

/**
 * The store's record of idempotency keys, as the tool-call path claims them: each write's key is bound to
 * its request in the store, so a key reused for another request is refused on every path (the agent loop,
 * keel-mcp, any process or replica on the same store). A store that does not answer throws: the path then
 * runs nothing and answers with a transient error.
 */
export function storeIdempotencyRecords(
  backend: Pick<SupportBackend, "claimIdempotencyKey">,
): IdempotencyRecords {
  return {
    async claimIdempotencyKey(key, fingerprint) {
      const claim = await backend.claimIdempotencyKey(key, fingerprint);
      if (claim.kind === "timeout" || claim.kind === "unreachable") {
        throw new Error(`the store's idempotency record did not answer (${claim.kind})`);
      }
      return claim.kind;
    },
  };
}
