import { success, toToolResultBlock, validationError, validEmpty } from "@keel/errors";
import type { MessageParam } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { conversationCalls } from "./conversation-calls.js";

const use = (id: string, name: string, input: unknown) => ({ type: "tool_use" as const, id, name, input });

describe("conversationCalls", () => {
  it("pairs every tool_use of the conversation with the outcome its tool_result carried, across turns", () => {
    const messages: MessageParam[] = [
      { role: "user", content: "I am ada@example.com" },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me look." },
          use("t1", "find_user", { email: "ada@example.com" }),
        ],
      },
      { role: "user", content: [toToolResultBlock("t1", success({ user_id: "ada_1" }))] },
      { role: "assistant", content: [{ type: "text", text: "Found you." }] },
      { role: "user", content: "Cancel #1, yes" },
      {
        role: "assistant",
        content: [use("t2", "get_order", { id: "#1" }), use("t3", "get_order", { id: "#2" })],
      },
      {
        role: "user",
        content: [
          toToolResultBlock("t2", validEmpty("ORDER_NOT_FOUND", "No order #1.")),
          toToolResultBlock("t3", validationError("BAD_ID", "Ids start with #W.")),
        ],
      },
      { role: "assistant", content: [use("t4", "cancel_order", { id: "#2" })] },
    ];
    expect(conversationCalls(messages)).toEqual([
      {
        call: { id: "t1", name: "find_user", input: { email: "ada@example.com" } },
        outcome: success({ user_id: "ada_1" }),
      },
      {
        call: { id: "t2", name: "get_order", input: { id: "#1" } },
        outcome: validEmpty("ORDER_NOT_FOUND", "No order #1."),
      },
      { call: expect.objectContaining({ id: "t3" }), outcome: expect.objectContaining({ code: "BAD_ID" }) },
      // The turn being decided has no tool_result yet.
      { call: { id: "t4", name: "cancel_order", input: { id: "#2" } }, outcome: undefined },
    ]);
  });

  it("ignores text-only turns and a tool_result sent by the assistant side", () => {
    const messages: MessageParam[] = [
      { role: "user", content: "hello" },
      { role: "assistant", content: "hi" },
      { role: "assistant", content: [toToolResultBlock("t9", success(1))] },
    ];
    expect(conversationCalls(messages)).toEqual([]);
    expect(conversationCalls([])).toEqual([]);
  });
});
