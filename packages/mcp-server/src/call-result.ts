import { type McpCallToolResult, type ToolOutcome, toMcpResult } from "@keel/errors";
import { asObject, emptyEnvelope } from "@keel/errors/internal";
import { KEEL_META_KEY } from "@keel/wire";

/**
 * The explicit MCP result of a resolved call's outcome, built with @keel/errors `toMcpResult`:
 * - error: `isError: true`, text with category, code and retry guidance, `_meta["dev.keel/outcome"]`,
 *   and no structuredContent (a client would check it against the output schema and reject the result);
 * - success: structuredContent is the data (`{ value }` when the data is not an object); a redirected call
 *   is already a success naming both tools (the tool-call path wraps it);
 * - valid empty: `isError: false` and structuredContent is an empty envelope carrying code and message,
 *   because a client that shows only structuredContent must still see "we looked and it is not there".
 * `fromMcpResult` reads every one of these back to the outcome it came from (a valid empty without data
 * comes back with `data: null`).
 */
export function toCallToolResult(outcome: ToolOutcome): McpCallToolResult {
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
