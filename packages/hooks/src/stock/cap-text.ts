import type { ToolOutcome } from "@keel/errors";
import { definePostHook } from "../define-hook.js";
import { HookConfigError } from "../hook-config-error.js";
import type { PostToolHook } from "../types.js";
import { withChanges } from "./outcome-data.js";

/** The smallest cap: below it the notice that says what was cut would not fit. */
export const MIN_CAP_CHARS = 100;

export interface CapTextOptions {
  /** The most characters each free-form field may serialise to; an integer of at least 100. */
  readonly maxChars: number;
}

/**
 * Post hook: bounds what enters the history, field by field — success and empty `data`, empty and error
 * `message`, error `details` — to `maxChars` characters each (data measured as `JSON.stringify`).
 * Data over the cap becomes `{ _truncated: { omittedChars, totalChars }, preview }` where `preview` is
 * the start of the JSON text (or of the string, for string data) and the whole object fits `maxChars`;
 * a message over the cap keeps its start and ends with "[cut N of M characters]". Category, code and
 * retryable are never touched. Run it last, after redaction, so no preview holds a secret.
 */
export function capText(options: CapTextOptions): PostToolHook {
  const { maxChars } = options;
  if (!Number.isInteger(maxChars) || maxChars < MIN_CAP_CHARS) {
    throw new HookConfigError(
      "INVALID_HOOK_OPTIONS",
      `capText: maxChars must be an integer of at least ${MIN_CAP_CHARS}.`,
    );
  }
  return definePostHook("cap-text", (_call, outcome) => capOutcome(outcome, maxChars));
}

function capOutcome(outcome: ToolOutcome, maxChars: number): ToolOutcome {
  switch (outcome.kind) {
    case "success":
      return withChanges(outcome, { data: capValue(outcome.data, maxChars) });
    case "empty":
      return withChanges(outcome, {
        message: capMessage(outcome.message, maxChars),
        ...(outcome.data === undefined ? {} : { data: capValue(outcome.data, maxChars) }),
      });
    case "error":
      return withChanges(outcome, {
        message: capMessage(outcome.message, maxChars),
        ...(outcome.details === undefined ? {} : { details: capValue(outcome.details, maxChars) }),
      });
  }
}

function capValue<T>(
  value: T,
  maxChars: number,
): T | { _truncated: { omittedChars: number; totalChars: number }; preview: string } {
  const serialized = JSON.stringify(value);
  if (serialized === undefined || serialized.length <= maxChars) return value;
  const text = typeof value === "string" ? value : serialized;
  const notice = (omittedChars: number, preview: string) => ({
    _truncated: { omittedChars, totalChars: text.length },
    preview,
  });
  // Measured with the widest numbers the notice can hold, so the final object cannot be longer.
  const overhead = JSON.stringify(notice(text.length, "")).length;
  const preview = prefixWithin(text, maxChars - overhead);
  return notice(text.length - preview.length, preview);
}

/** The longest-found start of `text` whose JSON string body (escapes included) fits `budget`. */
function prefixWithin(text: string, budget: number): string {
  let prefix = text.slice(0, Math.max(0, budget));
  const excess = JSON.stringify(prefix).length - 2 - budget;
  // Dropping k characters removes at least k escaped characters, so one correction always fits.
  if (excess > 0) prefix = prefix.slice(0, prefix.length - excess);
  return withoutSplitPair(prefix);
}

function capMessage(message: string, maxChars: number): string {
  if (message.length <= maxChars) return message;
  const suffix = (omitted: number) => ` … [cut ${omitted} of ${message.length} characters]`;
  const kept = withoutSplitPair(message.slice(0, maxChars - suffix(message.length).length));
  return kept + suffix(message.length - kept.length);
}

/** Never end on the first half of a surrogate pair (a broken character). */
function withoutSplitPair(text: string): string {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}
