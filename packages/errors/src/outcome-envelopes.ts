import { isRecord } from "@keel/wire/internal";
import { success } from "./builders.js";
import type { ErrorOutcome, SuccessOutcome, ToolOutcome } from "./types.js";

/**
 * Shapes an outcome takes when a reader sees only structured data (Claude Code shows the model only an MCP
 * result's `structuredContent`; a trace shows only `data`): a valid empty answer, and a call that a
 * business rule sent to another tool. What the model must know — the code, "we looked and it is not
 * there", which tool really ran — is inside the shape, and every declared output schema admits both.
 */

/** What a valid empty answer means, for a model that reads only structured data. */
export const EMPTY_MEANING =
  "Valid result, not an error: the tool worked and this is the answer. Do not retry, and do not report it " +
  "as a failure or an outage.";

export interface EmptyEnvelope {
  readonly outcome: "empty";
  readonly code: string;
  readonly message: string;
  readonly meaning: string;
  /** The empty outcome's data (`{ value }` when it is not an object). */
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface RedirectEnvelope {
  readonly outcome: "redirected";
  readonly requested_tool: string;
  readonly executed_tool: string;
  readonly reason: string;
  readonly note: string;
  /** The executed tool's success data, or its empty envelope. */
  readonly result: Readonly<Record<string, unknown>> | EmptyEnvelope;
}

/** A pre-hook sent a call to another tool; that tool's outcome is the answer. */
export interface Redirect {
  readonly requested: string;
  readonly executed: string;
  readonly reason: string;
}

export const EMPTY_ENVELOPE_SCHEMA = Object.freeze({
  type: "object",
  properties: {
    outcome: { const: "empty" },
    code: { type: "string" },
    message: { type: "string" },
    meaning: { type: "string" },
    data: { type: "object", additionalProperties: true },
  },
  required: ["outcome", "code", "message", "meaning"],
  additionalProperties: false,
});

export const REDIRECT_ENVELOPE_SCHEMA = Object.freeze({
  type: "object",
  properties: {
    outcome: { const: "redirected" },
    requested_tool: { type: "string" },
    executed_tool: { type: "string" },
    reason: { type: "string" },
    note: { type: "string" },
    result: { type: "object", additionalProperties: true },
  },
  required: ["outcome", "requested_tool", "executed_tool", "reason", "note", "result"],
  additionalProperties: false,
});

export function emptyEnvelope(code: string, message: string, data: unknown): EmptyEnvelope {
  if (data === undefined) return { outcome: "empty", code, message, meaning: EMPTY_MEANING };
  return { outcome: "empty", code, message, meaning: EMPTY_MEANING, data: asObject(data) };
}

/** Structured content must be an object: anything else travels as `{ value }`. */
export function asObject(value: unknown): Readonly<Record<string, unknown>> {
  return isRecord(value) ? value : { value: value ?? null };
}

/**
 * The outcome the model sees for a redirected call: a success or valid empty answer of the executed tool
 * becomes a success whose data names both tools and says the requested one did NOT run (so no model can
 * report "refund done" when a ticket was opened); an error keeps its category and code and says the same in
 * its message.
 */
export function redirectedOutcome(outcome: ToolOutcome, redirect: Redirect): ToolOutcome {
  if (outcome.kind === "error") return redirectedError(outcome, redirect);
  return redirectedSuccess(outcome, redirect);
}

function redirectedSuccess(
  outcome: Exclude<ToolOutcome, ErrorOutcome>,
  redirect: Redirect,
): SuccessOutcome<RedirectEnvelope> {
  return success({
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
  });
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

/**
 * The executed tool's own outcome inside a redirected one (what `redirectedOutcome` wrapped), for readers
 * that summarise what really happened (a ticket was opened); any other outcome comes back as it is.
 */
export function unwrapRedirect(outcome: ToolOutcome): ToolOutcome {
  if (outcome.kind !== "success" || !isRedirectEnvelope(outcome.data)) return outcome;
  const result = outcome.data.result;
  if (result.outcome === "empty" && typeof result.code === "string" && typeof result.message === "string") {
    const empty = { kind: "empty", isError: false, code: result.code, message: result.message } as const;
    return result.data === undefined ? empty : { ...empty, data: result.data };
  }
  return success(result);
}

function isRedirectEnvelope(data: unknown): data is RedirectEnvelope {
  if (typeof data !== "object" || data === null) return false;
  const envelope = data as Partial<RedirectEnvelope>;
  return envelope.outcome === "redirected" && typeof envelope.result === "object" && envelope.result !== null;
}
