import { businessError, success, type ToolOutcome, toToolResultBlock } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import type { MessageParam } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { hookContext } from "../tools/tool-context.test-helpers.js";
import { memoryCustomerHook } from "./memory-customer-hook.js";

const memoryCall: ToolCall = {
  id: "toolu_memory",
  name: "memory",
  input: { command: "view", path: "/memories" },
};

/** A conversation where each `[tool, outcome]` was called and answered, ending with the memory call's turn. */
const conversation = (...calls: readonly (readonly [string, ToolOutcome])[]): MessageParam[] => [
  { role: "user", content: "Hi, remember my preferences" },
  ...calls.flatMap(([name, outcome], index): MessageParam[] => [
    { role: "assistant", content: [{ type: "tool_use", id: `toolu_${index}`, name, input: {} }] },
    { role: "user", content: [toToolResultBlock(`toolu_${index}`, outcome)] },
  ]),
  {
    role: "assistant",
    content: [{ type: "tool_use", id: memoryCall.id, name: "memory", input: memoryCall.input }],
  },
];
const lookup = (customerId: string): readonly [string, ToolOutcome] => [
  "get_customer_by_email",
  success({ customer_id: customerId, status: "active" }),
];
const decide = (messages: MessageParam[], call: ToolCall = memoryCall) =>
  memoryCustomerHook("C-1001").decide(call, hookContext({ messages }));

describe("memoryCustomerHook", () => {
  it("blocks memory before any customer is verified", async () => {
    expect(await decide(conversation())).toMatchObject({
      action: "block",
      error: { category: "permission", code: "MEMORY_CUSTOMER_NOT_VERIFIED" },
    });
  });

  it("blocks memory when the conversation verified another customer", async () => {
    expect(await decide(conversation(lookup("C-1002")))).toMatchObject({
      action: "block",
      error: { code: "MEMORY_CUSTOMER_MISMATCH" },
    });
  });

  it("allows memory once a lookup returned the scope's customer, in this run or an earlier one", async () => {
    expect(await decide(conversation(lookup("C-1001")))).toEqual({ action: "allow" });
  });

  it("blocks memory again when the latest lookup found another customer", async () => {
    expect(await decide(conversation(lookup("C-1001"), lookup("C-1002")))).toMatchObject({
      error: { code: "MEMORY_CUSTOMER_MISMATCH" },
    });
  });

  it("does not count a failed lookup as verification", async () => {
    const failed: readonly [string, ToolOutcome] = [
      "get_customer_by_email",
      businessError("CUSTOMER_NOT_FOUND", "No customer has that email."),
    ];
    expect(await decide(conversation(failed))).toMatchObject({
      error: { code: "MEMORY_CUSTOMER_NOT_VERIFIED" },
    });
  });

  it("leaves other tools alone", async () => {
    const other: ToolCall = { id: "toolu_other", name: "get_order", input: {} };
    expect(await decide(conversation(), other)).toEqual({ action: "allow" });
  });
});
