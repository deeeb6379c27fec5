import type { Fault, FaultSpec, MessagesRequest } from "@keel/testkit";
import { integerBetween, pickWeighted, seededRandom, seedOf } from "../seeded-random.js";
import type { Histogram } from "../stats.js";
import { conversationOf, turnOf } from "./conversation.js";

/** The faults the fake Messages API injects, by name in the report. */
export type ModelFaultName =
  | "429 retry-after"
  | "529 overloaded"
  | "529 overloaded, retry-after"
  | "mid-stream error before output"
  | "mid-stream error after output"
  | "connection reset mid-stream"
  | "connection reset before response";

const FAULTS: readonly (readonly [ModelFaultName, number])[] = [
  ["429 retry-after", 28],
  ["529 overloaded", 8],
  ["529 overloaded, retry-after", 12],
  ["mid-stream error before output", 22],
  ["mid-stream error after output", 4],
  ["connection reset mid-stream", 18],
  ["connection reset before response", 8],
];

function faultNamed(name: ModelFaultName, random: () => number): Fault {
  switch (name) {
    case "429 retry-after":
      return { type: "http", status: 429, retryAfterMs: integerBetween(random, 5, 40) };
    case "529 overloaded":
      // What the API usually sends: no retry-after, so the client waits its own backoff.
      return { type: "http", status: 529 };
    case "529 overloaded, retry-after":
      return { type: "http", status: 529, retryAfterMs: integerBetween(random, 5, 40) };
    case "mid-stream error before output":
      return { type: "error-after-deltas", count: 0 };
    case "mid-stream error after output":
      // Output was already forwarded: the client must not retry (it would show it twice): model_error.
      return { type: "error-after-deltas", count: integerBetween(random, 1, 3) };
    case "connection reset mid-stream":
      // message_start, content_block_start, ping: the socket drops before any delta.
      return { type: "reset-after-events", count: integerBetween(random, 1, 3) };
    case "connection reset before response":
      return { type: "reset-after-events", count: 0 };
  }
}

export interface ModelFaultOptions {
  readonly seed: number;
  /** Chance that the first attempt of a model request fails. */
  readonly firstAttemptRate: number;
  /** Chance that a retry of it fails again. */
  readonly retryRate: number;
  /** Counts every fault injected, by name. */
  readonly tally: Histogram;
}

/**
 * A fault plan for the fake API that is deterministic per conversation, whatever the interleaving of
 * concurrent runs: each decision is seeded by (seed, conversation, model turn, attempt), where the attempt
 * counts the requests this server saw for that turn (SDK and stream retries included).
 */
export function modelFaultPlan(
  options: ModelFaultOptions,
): (index: number, request: MessagesRequest) => FaultSpec {
  const attempts = new Map<string, number>();
  return (_index: number, request: MessagesRequest) => {
    const conversation = conversationOf(request);
    if (conversation === undefined) return null;
    const turn = turnOf(request);
    const key = `${conversation}:${turn}`;
    const attempt = attempts.get(key) ?? 0;
    attempts.set(key, attempt + 1);
    const random = seededRandom(seedOf(options.seed, "model", conversation, turn, attempt));
    if (random() >= (attempt === 0 ? options.firstAttemptRate : options.retryRate)) return null;
    const name = pickWeighted(FAULTS, random);
    options.tally.add(name);
    return faultNamed(name, random);
  };
}
