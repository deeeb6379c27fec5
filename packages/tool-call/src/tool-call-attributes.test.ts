import { describe, expect, it } from "vitest";
import { resolveToolCall } from "./resolve-tool-call.js";
import { makeCall, makeContext, refundToHuman, tools } from "./tool-call.test-helpers.js";
import { toolCallAttributes, toolCallErrorType } from "./tool-call-attributes.js";

const { toolset } = tools();

describe("toolCallAttributes", () => {
  it("a redirect: the hook, the requested and executed tools, and the ticket", async () => {
    const resolution = await resolveToolCall(makeCall("process_refund", { amount: 750 }), {
      toolset,
      preHooks: [refundToHuman],
      context: makeContext(),
    });
    expect(toolCallAttributes(resolution)).toEqual({
      "keel.outcome.kind": "success",
      "keel.tool.attempts": 1,
      "keel.tool.reused": false,
      "keel.hook.decision": "redirect",
      "keel.hook.name": "refund-limit",
      "keel.redirect.requested_tool": "process_refund",
      "keel.redirect.executed_tool": "escalate_to_human",
      "keel.escalation.ticket_id": "T-1",
    });
  });

  it("an error: category, code, retryable and error.type; never the input", async () => {
    const resolution = await resolveToolCall(makeCall("flaky", {}), {
      toolset,
      context: makeContext(),
      retry: { maxAttempts: 2, delayMs: () => 0, sleep: () => Promise.resolve() },
    });
    expect(toolCallAttributes(resolution)).toEqual({
      "keel.outcome.kind": "error",
      "keel.error.category": "transient",
      "keel.error.code": "UPSTREAM_DOWN",
      "keel.error.retryable": true,
      "keel.tool.attempts": 2,
      "keel.tool.reused": false,
      "keel.hook.decision": "allow",
      "error.type": "UPSTREAM_DOWN",
    });
    expect(toolCallErrorType(resolution)).toBe("UPSTREAM_DOWN");
  });

  it("a call refused before any hook (unknown tool) has no decision", async () => {
    const resolution = await resolveToolCall(makeCall("nope", {}), { toolset, context: makeContext() });
    expect(toolCallAttributes(resolution)).toMatchObject({ "keel.error.code": "UNKNOWN_TOOL" });
    expect(toolCallAttributes(resolution)).not.toHaveProperty("keel.hook.decision");
  });
});
