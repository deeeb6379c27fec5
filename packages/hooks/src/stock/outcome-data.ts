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

/** The outcome with `changes` applied, or the same outcome when every changed field is identical. */
export function withChanges<T extends ToolOutcome>(
  outcome: T,
  changes: Partial<Record<keyof T, unknown>>,
): T {
  const changed = Object.entries(changes).some(([key, value]) => value !== outcome[key as keyof T]);
  return changed ? { ...outcome, ...changes } : outcome;
}
