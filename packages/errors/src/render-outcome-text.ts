import { EMPTY_GUIDANCE, retryGuidance } from "./guidance.js";
import type { ToolOutcome } from "./types.js";

/** Success data as text: strings as they are, anything else as JSON (`undefined` becomes `null`). */
export function dataText(data: unknown): string {
  return typeof data === "string" ? data : (JSON.stringify(data) ?? "null");
}

/**
 * The plain text a model sees for an outcome. An error names its category, code and retryability, then
 * the message, then what to do next; a valid empty names its code and says it is an answer, not an outage.
 */
export function renderOutcomeText(outcome: ToolOutcome): string {
  switch (outcome.kind) {
    case "success":
      return dataText(outcome.data);
    case "empty": {
      const lines = [`${outcome.code}: ${outcome.message}`, EMPTY_GUIDANCE];
      if (outcome.data !== undefined) lines.push(`Data: ${dataText(outcome.data)}`);
      return lines.join("\n");
    }
    case "error": {
      const retryable = outcome.retryable ? "yes" : "no";
      const lines = [
        `Error ${outcome.code} (category: ${outcome.category}, retryable: ${retryable}): ${outcome.message}`,
        retryGuidance(outcome),
      ];
      if (outcome.details !== undefined) lines.push(`Details: ${JSON.stringify(outcome.details)}`);
      return lines.join("\n");
    }
  }
}
