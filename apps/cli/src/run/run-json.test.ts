import { SCENARIOS } from "@keel/support-desk";
import { describe, expect, it } from "vitest";
import { onlyJson, runCli } from "../cli.test-helpers.js";

const RUN_KEYS = [
  "status",
  "runId",
  "ticket",
  "error",
  "stop",
  "text",
  "iterations",
  "modelRequests",
  "toolCalls",
  "escalations",
  "usage",
];
const CALL_KEYS = [
  "id",
  "requested",
  "executed",
  "input",
  "decision",
  "isError",
  "category",
  "code",
  "attempts",
];
const USAGE_KEYS = [
  "input_tokens",
  "output_tokens",
  "cache_creation_input_tokens",
  "cache_read_input_tokens",
];

describe("keel run --json in SIMULATION", () => {
  for (const scenario of SCENARIOS) {
    it(`prints exactly the contract object for the ${scenario.name} scenario`, async () => {
      const { code, stdout, stderr } = await runCli(["run", "--scenario", scenario.name, "--json"]);
      const json = onlyJson(stdout);
      expect(Object.keys(json)).toEqual(RUN_KEYS);
      expect(json.status).toBe(scenario.expect.status);
      expect(code).toBe(scenario.expect.status === "completed" ? 0 : 1);
      expect(typeof json.text).toBe("string");
      expect(json.modelRequests).toBe(scenario.responses.length);
      const calls = json.toolCalls as Record<string, unknown>[];
      expect(calls.map((call) => call.executed).filter(Boolean)).toEqual(scenario.expect.executedTools);
      expect(calls.map((call) => call.decision)).toEqual(scenario.expect.decisions);
      expect(calls.map((call) => call.code)).toEqual(scenario.expect.codes);
      expect(calls.map((call) => call.attempts)).toEqual(scenario.expect.attempts);
      for (const call of calls) {
        expect(Object.keys(call)).toEqual(CALL_KEYS);
        expect(["allow", "redirect", "block", "rewrite"]).toContain(call.decision);
        if (call.code === null) expect(call.category).toBeNull();
        if (call.isError) expect(typeof call.category).toBe("string");
      }
      expect((json.escalations as unknown[]).length > 0).toBe(scenario.expect.escalated);
      expect(Object.keys(json.usage as object)).toEqual(USAGE_KEYS);
      expect(stderr).toContain("SIMULATION");
    });
  }

  it("reports the ticket and the redirected refund of the high-value scenario as an escalation", async () => {
    const json = onlyJson((await runCli(["run", "--scenario", "high-value-refund", "--json"])).stdout);
    expect(json.escalations).toEqual([
      expect.objectContaining({
        ticketId: "T-1001",
        status: "open",
        category: "refund_over_limit",
        customerId: "C-1001",
        redirectedFrom: "process_refund",
        pendingRefund: expect.objectContaining({ order_id: "ORD-1002", amount: 750 }),
      }),
    ]);
  });

  it("sums the usage of every response, cache fields included", async () => {
    const scenario = SCENARIOS.find((candidate) => candidate.name === "low-value-refund")!;
    const json = onlyJson((await runCli(["run", "--scenario", scenario.name, "--json"])).stdout);
    const sum = (field: "input_tokens" | "output_tokens") =>
      scenario.responses.reduce((total, response) => total + (response.usage[field] ?? 0), 0);
    expect(json.usage).toEqual({
      input_tokens: sum("input_tokens"),
      output_tokens: sum("output_tokens"),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
  });

  it("reports category and code of an error outcome and null for both on success", async () => {
    const json = onlyJson(
      (await runCli(["run", "--scenario", "business-already-refunded", "--json"])).stdout,
    );
    const [lookup, refund] = json.toolCalls as Record<string, unknown>[];
    expect(lookup).toMatchObject({ isError: false, category: null, code: null });
    expect(refund).toMatchObject({ isError: true, category: "business", code: "ALREADY_REFUNDED" });
  });

  it("keeps stdout to the JSON object even on a terminal, with the spinner off", async () => {
    const { stdout, stderr } = await runCli(["run", "--scenario", "transient-retry", "--json"], {
      isTTY: true,
    });
    expect(() => onlyJson(stdout)).not.toThrow();
    expect(stdout).not.toContain("\u001b[");
    expect(stderr).not.toContain("⠋");
  });
});
