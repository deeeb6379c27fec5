import type { RunResult } from "@keel/loop";
import type { MessageParam } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { handlerViolations, rewrittenHistory, unansweredToolUses } from "./loop-invariants.js";

const ask = (...ids: string[]): MessageParam => ({
  role: "assistant",
  content: ids.map((id) => ({ type: "tool_use", id, name: "read_a", input: {} })),
});
const answer = (...ids: string[]): MessageParam => ({
  role: "user",
  content: ids.map((id) => ({ type: "tool_result", tool_use_id: id, content: "ok" })),
});
const prompt: MessageParam = { role: "user", content: "hi" };

describe("the invariant checks catch what they look for", () => {
  it("flags a tool_use answered twice and one not answered", () => {
    expect(unansweredToolUses([prompt, ask("a", "b"), answer("a", "a")], "h")).toHaveLength(1);
    expect(unansweredToolUses([prompt, ask("a", "b"), answer("a", "b")], "h")).toEqual([]);
  });

  it("flags a history that was rewritten between requests", () => {
    const first = { messages: [prompt, ask("a"), answer("a")] };
    const second = { messages: [prompt, ask("b"), answer("b"), ask("c"), answer("c")] };
    const result = { messages: second.messages } as unknown as RunResult;
    expect(rewrittenHistory([first, second], result)).toEqual(["history 1 does not extend history 0"]);
  });

  it("flags a blocked call whose handler ran and a redirect that ran the requested tool", () => {
    const call = (id: string, decision: "block" | "redirect") => ({
      id,
      requested: "write_c",
      decision,
      attempts: 1,
      reused: false,
    });
    const result = { toolCalls: [call("x", "block"), call("y", "redirect")] } as unknown as RunResult;
    const runs = [
      { tool: "write_c", toolUseId: "x", idempotencyKey: "k1" },
      { tool: "write_c", toolUseId: "y", idempotencyKey: "k2" },
    ];
    const violations = handlerViolations(result, runs, 3);
    expect(violations).toContain("x: block call ran write_c");
    expect(violations).toContain("y: redirected call ran write_c");
  });
});
