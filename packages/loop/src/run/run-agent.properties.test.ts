import { success, transientError } from "@keel/errors";
import { definePreHook } from "@keel/hooks";
import type { MessageCreateRequest, MessageParam, StopReason } from "@keel/wire";
import type { RequestContentBlock } from "@keel/wire/internal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import { answer, reply, spyTool, text, toolUse, withoutBreakpoints } from "./run-fixtures.test-helpers.js";

type Policy = "allow" | "block" | "redirect" | "rewrite";
const TOOL_NAMES = ["read_a", "read_b", "write_c", "write_d", "ghost"] as const;

const callArbitrary = fc.record({
  tool: fc.constantFrom(...TOOL_NAMES),
  policy: fc.constantFrom<Policy>("allow", "allow", "block", "redirect", "rewrite"),
  flaky: fc.boolean(),
  value: fc.integer({ min: 0, max: 3 }),
});
const roundArbitrary = fc.record({
  calls: fc.array(callArbitrary, { minLength: 1, maxLength: 4 }),
  // Mostly another round: tool_use two times in three.
  stopReason: fc.oneof(
    { weight: 4, arbitrary: fc.constant<StopReason>("tool_use") },
    { weight: 2, arbitrary: fc.constantFrom<StopReason>("end_turn", "max_tokens") },
  ),
  commentary: fc.boolean(),
});
const scenarioArbitrary = fc.record({
  rounds: fc.array(roundArbitrary, { minLength: 0, maxLength: 7 }),
  maxIterations: fc.integer({ min: 1, max: 5 }),
  cache: fc.boolean(),
});
type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer T> ? T : never;

async function play(scenario: Scenario) {
  const ran: Array<{ tool: string; id: string }> = [];
  let attempt = 0;
  const tools = TOOL_NAMES.filter((name) => name !== "ghost").map((name) =>
    spyTool(name, name.startsWith("read") ? "read" : "write", (input, context) => {
      ran.push({ tool: name, id: context.toolUseId });
      return input.flaky === true && ++attempt % 2 === 1
        ? transientError("BUSY", "Retry.")
        : success({ name });
    }),
  );
  const policy = definePreHook("policy", (call) => {
    const input = call.input as { policy: Policy };
    if (input.policy === "block")
      return { action: "block", error: transientError("NOPE", "Blocked.", { retryable: false }) };
    if (input.policy === "redirect")
      return { action: "redirect", tool: "read_b", input: { redirected: true }, reason: "r" };
    if (input.policy === "rewrite")
      return { action: "rewrite", input: { ...input, rewritten: true }, reason: "w" };
    return { action: "allow" };
  });
  const client = new ScriptedClient((_request, index) => {
    const round = scenario.rounds[index];
    if (round === undefined) return answer("final");
    const blocks = round.calls.map((call, position) =>
      toolUse(`toolu_${index}_${position}`, call.tool, {
        policy: call.policy,
        flaky: call.flaky,
        value: call.value,
      }),
    );
    return reply([...(round.commentary ? [text("Working on it.")] : []), ...blocks], round.stopReason);
  });
  const result = await runAgent({
    client,
    model: "m",
    tools,
    hooks: { pre: [policy] },
    prompt: "do things",
    maxIterations: scenario.maxIterations,
    cache: scenario.cache,
    sleep: async () => {},
  });
  return { result, requests: client.requests, ran };
}

const toolUsesOf = (message: MessageParam) =>
  (message.content as RequestContentBlock[]).filter((block) => block.type === "tool_use") as Array<{
    id: string;
  }>;
const resultIdsOf = (message: MessageParam) =>
  (message.content as RequestContentBlock[]).flatMap((block) =>
    block.type === "tool_result" ? [(block as { tool_use_id: string }).tool_use_id] : [],
  );

describe("loop invariants (fast-check)", () => {
  it("answers every executed tool_use exactly once, with its id, in block order, in the next user turn", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const { requests } = await play(scenario);
        for (const request of requests) {
          request.messages.forEach((message, index) => {
            if (message.role !== "assistant") return;
            const next = request.messages[index + 1];
            expect(next).toBeDefined();
            expect(resultIdsOf(next!)).toEqual(toolUsesOf(message).map((block) => block.id));
          });
        }
      }),
      { numRuns: 150 },
    );
  });

  it("keeps the history append-only: every request starts with the previous request's messages, unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const { requests, result } = await play(scenario);
        requests.slice(1).forEach((request: MessageCreateRequest, index) => {
          const previous = requests[index]!.messages;
          expect(withoutBreakpoints(request.messages.slice(0, previous.length))).toEqual(
            withoutBreakpoints(previous),
          );
        });
        const last = requests.at(-1)!.messages;
        expect(withoutBreakpoints(result.messages.slice(0, last.length))).toEqual(withoutBreakpoints(last));
      }),
      { numRuns: 150 },
    );
  });

  it("sends at most maxIterations + 1 requests and ends with exactly one status", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const { result, requests } = await play(scenario);
        expect(requests.length).toBe(result.modelRequests);
        expect(result.modelRequests).toBeLessThanOrEqual(scenario.maxIterations + 1);
        expect(["completed", "max_iterations", "truncated"]).toContain(result.status);
        expect(result.trace.filter((event) => event.type === "end")).toHaveLength(1);
      }),
      { numRuns: 150 },
    );
  });

  it("never runs a blocked call's handler, runs only a redirect's target, and runs no write it does not answer", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const { result, ran } = await play(scenario);
        for (const call of result.toolCalls) {
          const handlers = ran.filter((entry) => entry.id === call.id).map((entry) => entry.tool);
          if (call.decision === "block" || call.decision === null) expect(handlers).toEqual([]);
          if (call.decision === "redirect") expect(new Set(handlers)).toEqual(new Set(["read_b"]));
          if (call.decision === "allow" || call.decision === "rewrite") {
            expect(new Set(handlers)).toEqual(new Set([call.requested]));
          }
          expect(handlers.length).toBe(call.attempts);
        }
        const answered = new Set(result.toolCalls.map((call) => call.id));
        const writes = ran.filter((entry) => entry.tool.startsWith("write"));
        expect(writes.every((entry) => answered.has(entry.id))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
