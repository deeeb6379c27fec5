import { AnthropicClient, type RunResult, runAgent } from "@keel/loop";
import {
  type Fault,
  type MessagesRequest,
  startFakeMessagesApi,
  textResponse,
  toolUseResponse,
} from "@keel/testkit";
import fc from "fast-check";
import { turnOf } from "../fault-soak/conversation.js";
import { contentOf, type LoopScenario, loopScenarioArbitrary, scenarioRunOptions } from "./loop-scenario.js";
import type { HandlerRun } from "./property-tools.js";

/** Faults of the fake API by HTTP request index; all retried quickly (retry-after-ms) or not at all. */
export const WIRE_FAULTS = [
  "none",
  "429",
  "529",
  "500",
  "error-before-output",
  "reset-mid-stream",
  "error-after-output",
] as const;
export type WireFault = (typeof WIRE_FAULTS)[number];

export interface WireScenario extends LoopScenario {
  readonly faults: readonly WireFault[];
  readonly maxRetries: number;
}

export const wireScenarioArbitrary: fc.Arbitrary<WireScenario> = fc
  .record({
    base: loopScenarioArbitrary(false),
    faults: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<WireFault>("none") },
        { weight: 2, arbitrary: fc.constantFrom(...WIRE_FAULTS) },
      ),
      { maxLength: 24 },
    ),
    maxRetries: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ base, ...rest }) => ({
    ...base,
    // The fake API pauses nothing: over the wire a pause_turn reply becomes an end_turn.
    rounds: base.rounds.map((round) =>
      round.stopReason === "pause_turn" ? { ...round, stopReason: "end_turn" as const } : round,
    ),
    ...rest,
  }));

function faultOf(name: WireFault | undefined): Fault | null {
  switch (name) {
    case "429":
      return { type: "http", status: 429, retryAfterMs: 1 };
    case "529":
      return { type: "http", status: 529, retryAfterMs: 1 };
    case "500":
      return { type: "http", status: 500, retryAfterMs: 1 };
    case "error-before-output":
      return { type: "error-after-deltas", count: 0 };
    case "reset-mid-stream":
      return { type: "reset-after-events", count: 1 };
    case "error-after-output":
      return { type: "error-after-deltas", count: 1 };
    default:
      return null;
  }
}

export interface PlayedWire {
  readonly result: RunResult;
  readonly runs: readonly HandlerRun[];
  /** Every POST /v1/messages the fake API received, retries included. */
  readonly httpRequests: number;
  /** The bodies the API accepted and answered with a complete message. */
  readonly answered: readonly MessagesRequest[];
}

/** Runs a scenario through runAgent + AnthropicClient (SDK streaming) against the fake API with its faults. */
export async function playWireScenario(scenario: WireScenario): Promise<PlayedWire> {
  const runs: HandlerRun[] = [];
  const api = await startFakeMessagesApi({
    faults: (index) => faultOf(scenario.faults[index]),
    handler: (request) => {
      const turn = turnOf(request);
      const round = scenario.rounds[turn];
      if (request.tool_choice?.type === "none" || round === undefined) return textResponse("All done.");
      const content = contentOf(round, turn);
      const calls = content.flatMap((block) =>
        block.type === "tool_use"
          ? [
              {
                id: String(block.id),
                name: String(block.name),
                input: block.input as Record<string, unknown>,
              },
            ]
          : [],
      );
      if (calls.length === 0) return textResponse("Working on it.", { stopReason: round.stopReason });
      return toolUseResponse(calls, {
        stopReason: round.stopReason,
        ...(round.commentary ? { text: "Working on it." } : {}),
      });
    },
  });
  try {
    const client = new AnthropicClient({
      apiKey: "property-test-key",
      baseURL: api.url,
      maxRetries: scenario.maxRetries,
      sleep: async () => {},
    });
    const result = await runAgent({
      ...scenarioRunOptions(scenario, client, runs),
      signal: AbortSignal.timeout(30_000),
    });
    const answered = api.requests.filter(
      (request) => request.response?.status === 200 && request.response.faults.length === 0,
    );
    return {
      result,
      runs,
      httpRequests: api.requests.length,
      answered: answered.map((request) => request.body),
    };
  } finally {
    await api.close();
  }
}
