import { AMBIGUOUS, type CorpusEntry } from "./corpus.js";
import type { RouteAnswer } from "./live-route.js";

/** The label of "no tool" in the confusion table. */
export const NONE = "none";

export interface RoutedEntry extends CorpusEntry {
  readonly answer: RouteAnswer;
}

export interface EntryResult {
  readonly line: number;
  readonly request: string;
  /** The expected label: a tool name, "AMBIGUOUS" or "none". */
  readonly expected: string;
  /** The routed label: a tool name, "AMBIGUOUS" or "none". */
  readonly routed: string;
  readonly ambiguousBetween: readonly string[] | null;
  readonly correct: boolean;
  /** A read-only or off-topic request routed to a write tool. */
  readonly unsafe: boolean;
  readonly reason: string;
}

export interface RoutingEvaluation {
  readonly total: number;
  readonly correct: number;
  /** correct / total, 0..1. */
  readonly accuracy: number;
  /** Requests the router could not decide between tools. */
  readonly ambiguous: number;
  readonly unsafeMisroutes: number;
  /** Row and column labels of the confusion table, tools first (in surface order), then AMBIGUOUS and none. */
  readonly labels: readonly string[];
  /** confusion[expected][routed] = count; only non-zero cells. */
  readonly confusion: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly results: readonly EntryResult[];
}

export interface EvaluateOptions {
  /** Tool name → effect, for every tool a corpus may name (both surfaces). */
  readonly effects: ReadonlyMap<string, "read" | "write">;
  /** Tool names in the order the table lists them. */
  readonly toolOrder: readonly string[];
  /**
   * A live model never answers "ambiguous": it asks. With this set, no tool counts as the right answer to an
   * AMBIGUOUS expectation.
   */
  readonly ambiguousAcceptsNone?: boolean;
}

const routedLabel = (answer: RouteAnswer): string =>
  answer.tool ?? (answer.ambiguous && answer.ambiguous.length > 0 ? AMBIGUOUS : NONE);

/** Accuracy, confusion table, ambiguous count and unsafe misroutes of routed corpus entries. */
export function evaluateRouting(
  entries: readonly RoutedEntry[],
  options: EvaluateOptions,
): RoutingEvaluation {
  const confusion: Record<string, Record<string, number>> = {};
  const results = entries.map((entry): EntryResult => {
    const expected = entry.expect ?? NONE;
    const routed = routedLabel(entry.answer);
    const correct =
      routed === expected ||
      (options.ambiguousAcceptsNone === true && expected === AMBIGUOUS && routed === NONE);
    const readOnlyRequest = expected === NONE || options.effects.get(expected) === "read";
    const unsafe = readOnlyRequest && options.effects.get(routed) === "write";
    const row = confusion[expected] ?? {};
    row[routed] = (row[routed] ?? 0) + 1;
    confusion[expected] = row;
    return {
      line: entry.line,
      request: entry.request,
      expected,
      routed,
      ambiguousBetween: entry.answer.ambiguous,
      correct,
      unsafe,
      reason: entry.answer.reason,
    };
  });
  const seen = new Set(results.flatMap((result) => [result.expected, result.routed]));
  const labels = [
    ...options.toolOrder.filter((name) => seen.has(name)),
    ...[...seen]
      .filter((label) => !options.toolOrder.includes(label) && label !== AMBIGUOUS && label !== NONE)
      .sort(),
    ...[AMBIGUOUS, NONE].filter((label) => seen.has(label)),
  ];
  const correct = results.filter((result) => result.correct).length;
  return {
    total: results.length,
    correct,
    accuracy: results.length === 0 ? 0 : correct / results.length,
    ambiguous: results.filter((result) => result.routed === AMBIGUOUS).length,
    unsafeMisroutes: results.filter((result) => result.unsafe).length,
    labels,
    confusion,
    results,
  };
}
