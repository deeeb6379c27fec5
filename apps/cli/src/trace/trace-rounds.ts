import type { RunUsage, TraceEvent } from "@keel/loop";
import type { EndEvent, RequestEvent, RetryEvent, RunStartEvent } from "@keel/loop/internal";
import {
  billedTokens,
  type CompactionTokens,
  counts,
  runCompaction,
  type TokenCounts,
} from "./billed-tokens.js";
import type { SavedTraceEvent } from "./trace-file.js";

type ResponseWithText = Extract<SavedTraceEvent, { type: "response" }>;

/** One model request and everything that followed it until the next: the tools its answer asked for. */
export interface TraceRound {
  readonly index: number;
  readonly final: boolean;
  readonly request: RequestEvent | undefined;
  response: ResponseWithText | undefined;
  readonly steps: TraceEvent[];
}

export interface TraceRounds {
  readonly start: RunStartEvent | undefined;
  readonly rounds: readonly TraceRound[];
  readonly end: EndEvent | undefined;
  /** Events of a type this version does not know (a newer loop); shown raw rather than dropped. */
  readonly unknown: readonly SavedTraceEvent[];
}

const KNOWN = new Set([
  "run_start",
  "request",
  "response",
  "tool_call",
  "retry",
  "model_retry",
  "tool_use_ignored",
  "eager_discarded",
  "end",
]);

/** Groups a flat trace into rounds, the unit people read and tokens are counted by. */
export function traceRounds(events: readonly SavedTraceEvent[]): TraceRounds {
  let start: RunStartEvent | undefined;
  let end: EndEvent | undefined;
  const rounds: TraceRound[] = [];
  const unknown: SavedTraceEvent[] = [];
  for (const event of events) {
    if (!KNOWN.has(event.type)) {
      unknown.push(event);
      continue;
    }
    if (event.type === "run_start") start = event;
    else if (event.type === "end") end = event;
    else if (event.type === "request") {
      rounds.push({ index: event.index, final: event.final, request: event, response: undefined, steps: [] });
    } else {
      let round = rounds.at(-1);
      if (!round) {
        round = { index: 0, final: false, request: undefined, response: undefined, steps: [] };
        rounds.push(round);
      }
      if (event.type === "response") round.response = event;
      else round.steps.push(event);
    }
  }
  return { start, rounds, end, unknown };
}

const ZERO: TokenCounts = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

/** A row of the token table: a round's message step, or (`compaction` set) the compaction step before it. */
export interface TokenRow {
  readonly round: string;
  readonly usage: TokenCounts;
}

/**
 * The token table of a trace: per round, the compaction step (when the API compacted that request) and the
 * message step; the total is what was billed, with the compaction steps' part apart for the total line.
 */
export function roundUsage(view: TraceRounds): {
  rows: TokenRow[];
  total: TokenCounts;
  /** The run's usage as the library reports it (message steps) and its compaction steps, for `formatTokens`. */
  run: { usage: RunUsage; compaction: CompactionTokens | undefined };
} {
  const rows: TokenRow[] = [];
  let compaction: CompactionTokens | undefined;
  for (const round of view.rounds) {
    const response = round.response;
    if (!response) continue;
    const steps = response.context?.compacted ? response.context.compaction : undefined;
    if (steps !== undefined) {
      rows.push({ round: `${round.index} compaction`, usage: counts(steps) });
      compaction = billedTokens(compaction ?? ZERO, steps);
    }
    rows.push({ round: String(round.index), usage: counts(response.usage) });
  }
  const messages = rows.filter((row) => !row.round.endsWith(" compaction"));
  const usage =
    view.end?.usage ?? messages.reduce<RunUsage>((sum, row) => billedTokens(sum, row.usage), ZERO);
  const runSteps = view.end ? runCompaction(view.end.usage) : compaction;
  return { rows, total: billedTokens(usage, runSteps), run: { usage, compaction: runSteps } };
}

/** The retries of each tool call of a round that has the call's event, by tool_use id. */
export function retriesByCall(steps: readonly TraceEvent[]): Map<string, RetryEvent[]> {
  const calls = new Set(steps.flatMap((step) => (step.type === "tool_call" ? [step.id] : [])));
  const retries = new Map<string, RetryEvent[]>();
  for (const step of steps) {
    if (step.type === "retry" && calls.has(step.id))
      retries.set(step.id, [...(retries.get(step.id) ?? []), step]);
  }
  return retries;
}
