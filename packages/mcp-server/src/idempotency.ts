import { idempotencyKey } from "@keel/tool-call";
import { IDEMPOTENCY_META_KEY } from "@keel/wire";
import { isMetaId } from "./meta-id.js";

/**
 * The idempotency key of a write through the server. A client-supplied `_meta["dev.keel/idempotency-key"]`
 * wins (scoped to the tool, so one key cannot collide across tools); otherwise the key is @keel/tool-call's
 * `idempotencyKey` of the tool and the canonical validated input in one server-wide scope (not per run, as
 * in the loop: every stateless HTTP call is its own run), so a retried identical call — the same refund sent
 * twice after a dropped connection — pays once. The surprise: two deliberately identical refunds need two
 * different client keys. Returns undefined when the client sent a key that is not 1–200 printable ASCII
 * characters; the caller turns that into a validation error.
 */
export function idempotencyKeyFor(
  toolName: string,
  input: unknown,
  requestMeta: unknown,
): string | undefined {
  const supplied = readSuppliedKey(requestMeta);
  if (supplied !== undefined) {
    return isMetaId(supplied) ? `mcp:${toolName}:key:${supplied}` : undefined;
  }
  return idempotencyKey(DERIVED_KEY_SCOPE, toolName, input);
}

/** The "run" every derived key of the server belongs to: the same call keys alike on every connection. */
const DERIVED_KEY_SCOPE = "mcp-server";

function readSuppliedKey(requestMeta: unknown): unknown {
  if (typeof requestMeta !== "object" || requestMeta === null) return undefined;
  return (requestMeta as Record<string, unknown>)[IDEMPOTENCY_META_KEY];
}
