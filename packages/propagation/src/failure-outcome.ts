import type { ErrorOutcome, JsonObject, JsonValue } from "@keel/errors";
import type { SubagentFailure } from "./types.js";

/** Where a failure came from, as carried in `ErrorOutcome.details` by a subagent tool. */
interface CarriedOrigin {
  readonly tool: string | null;
  readonly path: readonly string[];
  readonly rest: JsonObject | undefined;
}

function isStringArray(value: JsonValue | undefined): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string");
}

function carriedOrigin(details: JsonObject | undefined): CarriedOrigin | undefined {
  if (details === undefined) return undefined;
  const { tool, path, ...rest } = details;
  if (!(typeof tool === "string" || tool === null) || !isStringArray(path)) return undefined;
  return { tool, path, rest: Object.keys(rest).length > 0 ? rest : undefined };
}

/**
 * Lifts an error outcome one hop up: category, code, retryable, message and retryAfterMs are kept as they
 * are; an origin already carried in `details` keeps its tool and gains `agent` at the end of its path.
 */
export function failureFromOutcome(
  outcome: ErrorOutcome,
  hop: { readonly agent: string; readonly tool: string | null },
): SubagentFailure {
  const carried = carriedOrigin(outcome.details);
  const details = carried ? carried.rest : outcome.details;
  return {
    category: outcome.category,
    code: outcome.code,
    retryable: outcome.retryable,
    message: outcome.message,
    ...(outcome.retryAfterMs === undefined ? {} : { retryAfterMs: outcome.retryAfterMs }),
    ...(details === undefined ? {} : { details }),
    tool: carried ? carried.tool : hop.tool,
    path: carried ? [...carried.path, hop.agent] : [hop.agent],
  };
}

/**
 * The error outcome a coordinator receives for a failure: the same fields, with `details.tool` and
 * `details.path` so the next hop (or a coordinator reading the wire) still knows where it came from.
 */
export function outcomeFromFailure(failure: SubagentFailure): ErrorOutcome {
  return {
    kind: "error",
    isError: true,
    category: failure.category,
    code: failure.code,
    message: failure.message,
    retryable: failure.retryable,
    ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
    details: { ...failure.details, tool: failure.tool, path: [...failure.path] },
  };
}
