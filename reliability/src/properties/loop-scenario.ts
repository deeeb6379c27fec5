import {
  DEFAULT_MODEL,
  type ModelClient,
  ModelClientError,
  type RunOptions,
  type RunResult,
  runAgent,
  ScriptedClient,
} from "@keel/loop";
import type { Message, MessageCreateRequest, StopReason } from "@keel/wire";
import fc from "fast-check";
import {
  type HandlerRun,
  OUTCOMES,
  POLICIES,
  policyHook,
  propertyTools,
  TOOL_NAMES,
} from "./property-tools.js";

/** One tool_use of a scripted reply. */
export interface ScenarioCall {
  /** A real tool, a hallucinated one, or a look-alike. */
  readonly tool: string;
  readonly policy: (typeof POLICIES)[number];
  readonly outcome: (typeof OUTCOMES)[number];
  /** False: the input fails the schema (the call never reaches the hooks). */
  readonly valid: boolean;
}

/** One reply of the model: tool calls with a stop reason, or a failure of the client instead. */
export interface ScenarioRound {
  readonly calls: readonly ScenarioCall[];
  readonly stopReason: StopReason;
  readonly commentary: boolean;
  /** The client fails this request instead of answering. */
  readonly fault: "rate_limit" | "overloaded" | "connection" | "invalid_response" | null;
}

export interface LoopScenario {
  readonly rounds: readonly ScenarioRound[];
  readonly maxIterations: number;
  readonly maxAttempts: number;
  readonly concurrency: number;
}

const callArbitrary = (valid: boolean): fc.Arbitrary<ScenarioCall> =>
  fc.record({
    tool: fc.constantFrom(...TOOL_NAMES, ...TOOL_NAMES, "ghost_tool", "Read_A", "write_c "),
    policy: fc.constantFrom(...POLICIES, "allow", "allow"),
    outcome: fc.constantFrom(...OUTCOMES),
    valid: fc.constant(valid),
  });

const roundArbitrary = (withFaults: boolean): fc.Arbitrary<ScenarioRound> =>
  fc.record({
    calls: fc.array(
      fc.oneof({ weight: 6, arbitrary: callArbitrary(true) }, { weight: 1, arbitrary: callArbitrary(false) }),
      { minLength: 1, maxLength: 4 },
    ),
    // Mostly another round: tool_use five times in nine, each other stop reason once.
    stopReason: fc.oneof(
      { weight: 5, arbitrary: fc.constant<StopReason>("tool_use") },
      {
        weight: 4,
        arbitrary: fc.constantFrom<StopReason>("end_turn", "max_tokens", "refusal", "pause_turn"),
      },
    ),
    commentary: fc.boolean(),
    fault: withFaults
      ? fc.oneof(
          { weight: 12, arbitrary: fc.constant(null) },
          {
            weight: 1,
            arbitrary: fc.constantFrom("rate_limit", "overloaded", "connection", "invalid_response"),
          },
        )
      : fc.constant(null),
  }) as fc.Arbitrary<ScenarioRound>;

/** Random scripts: up to 8 replies of up to 4 calls, every stop reason, client failures, tiny limits. */
export const loopScenarioArbitrary = (withFaults = true): fc.Arbitrary<LoopScenario> =>
  fc.record({
    rounds: fc.array(roundArbitrary(withFaults), { minLength: 0, maxLength: 8 }),
    maxIterations: fc.integer({ min: 1, max: 5 }),
    maxAttempts: fc.integer({ min: 1, max: 4 }),
    concurrency: fc.integer({ min: 1, max: 4 }),
  });

/** The tool_use input of a call: valid for the schema, or not. */
export const inputOf = (call: ScenarioCall, index: number) =>
  call.valid
    ? { policy: call.policy, outcome: call.outcome, n: index }
    : { policy: call.policy, n: "not a number" };

/** A reply's content; pause_turn replies carry no tool_use (the API pauses server-side work, not client tools). */
export function contentOf(round: ScenarioRound, roundIndex: number): Message["content"] {
  const text =
    round.commentary || round.stopReason === "pause_turn"
      ? [{ type: "text" as const, text: "Working on it." }]
      : [];
  if (round.stopReason === "pause_turn") return text;
  return [
    ...text,
    ...round.calls.map((call, index) => ({
      type: "tool_use" as const,
      id: `toolu_${roundIndex}_${index}`,
      name: call.tool,
      input: inputOf(call, index),
    })),
  ];
}

export interface PlayedLoop {
  readonly result: RunResult;
  readonly requests: readonly MessageCreateRequest[];
  readonly runs: readonly HandlerRun[];
  /** pause_turn replies served (each allows one continuation beyond the iteration cap). */
  readonly pauses: number;
}

/** Runs a scenario through runAgent with a ScriptedClient; retries never wait. */
export async function playLoopScenario(scenario: LoopScenario): Promise<PlayedLoop> {
  const runs: HandlerRun[] = [];
  let pauses = 0;
  const client = new ScriptedClient((_request, index) => {
    const round = scenario.rounds[index];
    if (round === undefined)
      return { content: [{ type: "text", text: "All done." }], stop_reason: "end_turn" };
    if (round.fault) return new ModelClientError(round.fault, `scripted ${round.fault}`);
    if (round.stopReason === "pause_turn") pauses++;
    return { content: contentOf(round, index), stop_reason: round.stopReason };
  });
  const result = await runAgent(scenarioRunOptions(scenario, client, runs));
  return { result, requests: client.requests, runs, pauses };
}

/** The run a scenario asks for: the property tools and hook, its limits, retries without waiting. */
export function scenarioRunOptions(
  scenario: LoopScenario,
  client: ModelClient,
  runs: HandlerRun[],
): RunOptions {
  return {
    client,
    model: DEFAULT_MODEL,
    tools: propertyTools(runs),
    hooks: { pre: [policyHook] },
    prompt: "Do the things.",
    maxIterations: scenario.maxIterations,
    concurrency: scenario.concurrency,
    retry: { maxAttempts: scenario.maxAttempts, baseDelayMs: 1, maxDelayMs: 1 },
    sleep: async () => {},
  };
}
