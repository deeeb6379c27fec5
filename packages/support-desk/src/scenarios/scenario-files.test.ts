import { DEFAULT_MODEL } from "@keel/loop";
import type { ToolUseBlock } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { createSupportTools } from "../tools/create-support-tools.js";
import { SCENARIOS } from "./scenarios.js";

// The Messages API response shape, as the real API sends it.
const usage = z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() });
const block = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string().min(1) }),
  z.strictObject({
    type: z.literal("tool_use"),
    id: z.string().regex(/^toolu_[A-Za-z0-9]{24}$/),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
  }),
]);
const message = z.looseObject({
  id: z.string().regex(/^msg_[A-Za-z0-9]{24}$/),
  type: z.literal("message"),
  role: z.literal("assistant"),
  model: z.string().min(1),
  content: z.array(block).min(1),
  stop_reason: z.enum(["end_turn", "tool_use"]),
  stop_sequence: z.null(),
  usage,
});

const toolNames = new Set(createSupportTools(createMemoryBackend()).map((tool) => tool.name));

describe.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))(
  "scenario %s",
  (_name, scenario) => {
    it("is a list of real Messages API responses ending with end_turn", () => {
      for (const response of scenario.responses) expect(message.safeParse(response).error).toBeUndefined();
      expect(scenario.responses.at(-1)?.stop_reason).toBe("end_turn");
      for (const response of scenario.responses.slice(0, -1)) expect(response.stop_reason).toBe("tool_use");
    });

    it("answers as the one default model, so a run, its trace and the docs agree", () => {
      for (const response of scenario.responses) expect(response.model).toBe(DEFAULT_MODEL);
    });

    it("calls only support tools, each tool_use with its own id", () => {
      const calls = scenario.responses.flatMap((response) =>
        response.content.flatMap((item) => (item.type === "tool_use" ? [item as ToolUseBlock] : [])),
      );
      for (const call of calls) expect(toolNames).toContain(call.name);
      expect(new Set(calls.map((call) => call.id)).size).toBe(calls.length);
      expect(calls).toHaveLength(scenario.expect.decisions.length);
    });
  },
);

it("covers every error category and both sides of access failure vs valid empty", () => {
  const codes = new Set(SCENARIOS.flatMap((scenario) => scenario.expect.codes));
  for (const code of [
    "ORDERS_DB_UNREACHABLE",
    "INVALID_ORDER_ID",
    "ALREADY_REFUNDED",
    "REFUND_FORBIDDEN",
    "ORDER_NOT_FOUND",
  ]) {
    expect(codes).toContain(code);
  }
  expect(SCENARIOS.some((scenario) => scenario.faults.some((fault) => fault.kind === "timeout"))).toBe(true);
});
