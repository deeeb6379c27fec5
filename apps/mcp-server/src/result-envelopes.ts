/**
 * The structuredContent shapes a tool result can take besides the tool's own success data. Claude Code
 * shows the model only structuredContent when it is present, so what the model must know about a valid
 * empty answer or a redirected call (the code, "we looked and it is not there", which tool really ran)
 * has to be inside it, and every tool's declared outputSchema admits these shapes.
 */

/** What a valid empty answer means, for a model that reads only structuredContent. */
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
  readonly result: unknown;
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
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value: value ?? null };
}
