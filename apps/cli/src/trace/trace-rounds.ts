import type { RunUsage, TraceEvent } from "@keel/loop";
import type { EndEvent, RequestEvent, RetryEvent, RunStartEvent } from "@keel/loop/internal";
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

const ZERO: RunUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

/** Token counts per answered round and in total (the end event's total when the trace has one). */
export function roundUsage(view: TraceRounds): {
  rows: { round: string; usage: RunUsage }[];
  total: RunUsage;
} {
  const rows = view.rounds.flatMap((round) =>
    round.response
      ? [
          {
            round: String(round.index),
            usage: {
              input_tokens: round.response.usage.input_tokens ?? 0,
              output_tokens: round.response.usage.output_tokens ?? 0,
              cache_creation_input_tokens: round.response.usage.cache_creation_input_tokens ?? 0,
              cache_read_input_tokens: round.response.usage.cache_read_input_tokens ?? 0,
            },
          },
        ]
      : [],
  );
  const total =
    view.end?.usage ??
    rows.reduce<RunUsage>(
      (sum, { usage }) => ({
        input_tokens: sum.input_tokens + usage.input_tokens,
        output_tokens: sum.output_tokens + usage.output_tokens,
        cache_creation_input_tokens: sum.cache_creation_input_tokens + usage.cache_creation_input_tokens,
        cache_read_input_tokens: sum.cache_read_input_tokens + usage.cache_read_input_tokens,
      }),
      ZERO,
    );
  return { rows, total };
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
