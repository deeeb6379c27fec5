import { isPlainObject } from "@keel/wire/internal";
import { isToolOutcome } from "./guards.js";
import type { ToolOutcome } from "./types.js";

/** An error's fields after `kind` and `isError`, in their JSON order; each is written only when set. */
const ERROR_FIELDS = [
  "category",
  "code",
  "retryable",
  "message",
  "retryAfterMs",
  "attempts",
  "details",
] as const;

type ErrorFields = Readonly<Partial<Record<(typeof ERROR_FIELDS)[number], unknown>>>;

function copyErrorFields(json: Record<string, unknown>, source: ErrorFields): Record<string, unknown> {
  for (const field of ERROR_FIELDS) if (source[field] !== undefined) json[field] = source[field];
  return json;
}

/**
 * The JSON form of an outcome, shared by the MCP `_meta` entry and the tool_result envelope: only the
 * known fields, in a fixed order. `withData: false` leaves `data` out (it travels in structuredContent).
 */
export function outcomeToJson(outcome: ToolOutcome, withData = true): Record<string, unknown> {
  switch (outcome.kind) {
    case "success":
      return withData
        ? { kind: "success", isError: false, data: outcome.data ?? null }
        : { kind: "success", isError: false };
    case "empty": {
      const json: Record<string, unknown> = {
        kind: "empty",
        isError: false,
        code: outcome.code,
        message: outcome.message,
      };
      if (withData && outcome.data !== undefined) json.data = outcome.data;
      return json;
    }
    case "error":
      return copyErrorFields({ kind: "error", isError: true }, outcome);
  }
}

/**
 * Reads the JSON form back; `separateData` fills in `data` when the JSON form left it out.
 * Returns undefined for anything that is not a well-formed outcome, so callers can fall back honestly.
 */
export function outcomeFromJson(json: unknown, separateData?: unknown): ToolOutcome | undefined {
  if (!isPlainObject(json)) return undefined;
  const hasData = Object.hasOwn(json, "data");
  const data = hasData ? json.data : separateData;
  let outcome: Record<string, unknown>;
  switch (json.kind) {
    case "success":
      if (data === undefined) return undefined;
      outcome = { kind: "success", isError: json.isError, data };
      break;
    case "empty":
      outcome = { kind: "empty", isError: json.isError, code: json.code, message: json.message };
      if (data !== undefined) outcome.data = data;
      break;
    case "error":
      outcome = copyErrorFields({ kind: "error", isError: json.isError }, json);
      break;
    default:
      return undefined;
  }
  return isToolOutcome(outcome) ? outcome : undefined;
}
