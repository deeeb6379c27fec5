import {
  type ErrorOutcome,
  KEEL_META_KEY,
  type McpCallToolResult,
  success,
  type ToolOutcome,
  toMcpResult,
} from "@keel/errors";
import type { Redirect, ToolCallResolution } from "./call-tool.js";
import { asObject, emptyEnvelope, type RedirectEnvelope } from "./result-envelopes.js";

/**
 * The explicit MCP result of a resolved call, built with @keel/errors `toMcpResult`:
 * - error: `isError: true`, text with category, code and retry guidance, `_meta["dev.keel/outcome"]`,
 *   and no structuredContent (a client would check it against the output schema and reject the result);
 * - success: structuredContent is the data (`{ value }` when the data is not an object);
 * - valid empty: `isError: false` and structuredContent is an empty envelope carrying code and message,
 *   because a client that shows only structuredContent must still see "we looked and it is not there";
 * - redirected: a success whose structuredContent names the requested and executed tools.
 * `fromMcpResult` reads every one of these back to the outcome it came from (a valid empty without data
 * comes back with `data: null`).
 */
export function toCallToolResult(resolution: ToolCallResolution): McpCallToolResult {
  const outcome = resolution.redirect
    ? redirected(resolution.outcome, resolution.redirect)
    : resolution.outcome;
  const result = toMcpResult(outcome);
  if (outcome.kind === "empty") {
    // The data travels in _meta, because structuredContent now holds the envelope. A data-less empty
    // says `data: null`: JSON cannot say "absent", and without it a reader would take the envelope as data.
    const meta = { ...result._meta[KEEL_META_KEY], data: outcome.data ?? null };
    return {
      ...result,
      structuredContent: { ...emptyEnvelope(outcome.code, outcome.message, outcome.data) },
      _meta: { [KEEL_META_KEY]: meta },
    };
  }
  if (outcome.kind === "success" && result.structuredContent === undefined) {
    return { ...result, structuredContent: { ...asObject(outcome.data) } };
  }
  return result;
}

function redirected(outcome: ToolOutcome, redirect: Redirect): ToolOutcome {
  if (outcome.kind === "error") return redirectedError(outcome, redirect);
  const envelope: RedirectEnvelope = {
    outcome: "redirected",
    requested_tool: redirect.requested,
    executed_tool: redirect.executed,
    reason: redirect.reason,
    note:
      `"${redirect.requested}" was NOT run; a business rule sent the call to "${redirect.executed}" instead. ` +
      `Tell the user what "${redirect.executed}" did, never that "${redirect.requested}" succeeded.`,
    result:
      outcome.kind === "empty"
        ? emptyEnvelope(outcome.code, outcome.message, outcome.data)
        : asObject(outcome.data),
  };
  return success(envelope);
}

function redirectedError(outcome: ErrorOutcome, redirect: Redirect): ErrorOutcome {
  return {
    ...outcome,
    message:
      `"${redirect.requested}" was not run (${redirect.reason}); it was redirected to "${redirect.executed}", ` +
      `which failed: ${outcome.message}`,
    details: { ...outcome.details, redirected_from: redirect.requested, redirected_to: redirect.executed },
  };
}
