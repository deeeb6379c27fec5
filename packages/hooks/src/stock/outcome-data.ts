import type { ToolOutcome } from "@keel/errors";

/**
 * Applies `map` to the data of success and empty outcomes; errors pass through untouched, so a data
 * filter never rewrites an error's category, code or message. Returns the same outcome when unchanged.
 */
export function mapOutcomeData(outcome: ToolOutcome, map: (data: unknown) => unknown): ToolOutcome {
  if (outcome.kind === "error" || outcome.data === undefined) return outcome;
  const data = map(outcome.data);
  return data === outcome.data ? outcome : { ...outcome, data };
}
