import { readFileSync } from "node:fs";
import { success } from "@keel/errors";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { defineTool } from "@keel/tools";
import { inMemoryMemoryStore, memoryTool } from "@keel/tools/memory";
import { expect, it } from "vitest";
import { z } from "zod";
import { AnthropicClient } from "../clients/anthropic-client.js";
import { runAgent } from "./run-agent.js";

// The README's "Context management" example, kept runnable here; its printed line is compared with the README's.
it("README: context management — compaction, tool-use clearing, a budget and the memory tool against the fake API", async () => {
  const readOrder = defineTool({
    name: "read_order",
    description: "Returns one order with its notes.",
    input: z.object({ id: z.string() }),
    effect: "read",
    handler: ({ id }) => success({ id, notes: "Delivered late; the customer called twice. ".repeat(120) }),
  });
  const api = await startFakeMessagesApi({
    script: [
      toolUseResponse([{ name: "memory", input: { command: "view", path: "/memories" } }]),
      ...["O-1", "O-2", "O-3", "O-4", "O-5"].map((id) =>
        toolUseResponse([{ name: "read_order", input: { id } }]),
      ),
      textResponse("All five orders were delivered late."),
    ],
  });
  const result = await runAgent({
    client: new AnthropicClient({ apiKey: "test-key", baseURL: api.url }),
    model: "claude-sonnet-5-5",
    tools: [readOrder, memoryTool({ store: inMemoryMemoryStore() })],
    prompt: "How were the customer's orders delivered?",
    context: {
      compact: { trigger: 3_000 },
      clearToolUses: { trigger: 2_000, keep: 2, excludeTools: ["memory"] },
      maxInputTokens: 50_000,
    },
  });
  const { cleared_tool_uses, compactions } = result.usage.context_management!;
  const printed = `${result.status}: ${cleared_tool_uses} tool results cleared, ${compactions} compaction(s)`;
  await api.close();

  if (process.env.KEEL_PRINT_README === "1") console.log(printed);
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("## Context management"));
  const sample = /```text\n(completed: [^\n]*)\n```/.exec(section)?.[1];
  expect(printed).toBe(sample);
  expect([cleared_tool_uses > 0, compactions > 0]).toEqual([true, true]);
});
