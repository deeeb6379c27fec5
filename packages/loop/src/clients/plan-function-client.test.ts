import type { MessageCreateRequest, MessageParam } from "@keel/wire";
import { describe, expect, it } from "vitest";
import type { ModelStreamEvent } from "./model-client.js";
import { type PlanFunction, PlanFunctionClient, type ScratchpadEntry } from "./plan-function-client.js";

const tools = [{ name: "calculator", input_schema: { type: "object" } }];
const requestWith = (
  messages: MessageParam[],
  extra: Partial<MessageCreateRequest> = {},
): MessageCreateRequest => ({
  model: "plan-model",
  max_tokens: 100,
  tools,
  messages,
  ...extra,
});

const history: MessageParam[] = [
  { role: "user", content: [{ type: "text", text: "What is 6 * 7?" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Let me compute." },
      { type: "tool_use", id: "toolu_1", name: "calculator", input: { expression: "6 * 7" } },
    ],
  },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "42" }] },
  {
    role: "assistant",
    content: [{ type: "tool_use", id: "toolu_2", name: "web_search", input: { q: "x" } }],
  },
  {
    role: "user",
    content: [
      {
        type: "tool_result",
        tool_use_id: "toolu_2",
        content: [{ type: "text", text: "unknown tool" }],
        is_error: true,
      },
    ],
  },
];

describe("PlanFunctionClient", () => {
  it("passes the first user message as the question and the tool history as the scratchpad", async () => {
    let seen: { question: string; scratchpad: readonly ScratchpadEntry[] } | undefined;
    const client = new PlanFunctionClient((question, scratchpad) => {
      seen = { question, scratchpad };
      return { kind: "finish", answer: "42" };
    });
    await client.create(requestWith(history));
    expect(seen).toEqual({
      question: "What is 6 * 7?",
      scratchpad: [
        {
          toolUseId: "toolu_1",
          tool: "calculator",
          input: { expression: "6 * 7" },
          result: "42",
          isError: false,
        },
        {
          toolUseId: "toolu_2",
          tool: "web_search",
          input: { q: "x" },
          result: "unknown tool",
          isError: true,
        },
      ],
    });
  });

  it("turns a tool step into a tool_use response with an id derived from the history", async () => {
    const client = new PlanFunctionClient(() => ({
      kind: "tool",
      tool: "calculator",
      input: { expression: "1+1" },
    }));
    const message = await client.create(requestWith([{ role: "user", content: "1+1?" }]));
    expect(message).toMatchObject({
      id: "msg_plan_1",
      model: "plan-model",
      stop_reason: "tool_use",
      content: [{ type: "tool_use", id: "toolu_plan_1", name: "calculator", input: { expression: "1+1" } }],
    });
  });

  it("turns a finish step into an end_turn text response", async () => {
    const client = new PlanFunctionClient(() => ({ kind: "finish", answer: "Done." }));
    const message = await client.create(requestWith([{ role: "user", content: "go" }]));
    expect(message.stop_reason).toBe("end_turn");
    expect(message.content).toEqual([{ type: "text", text: "Done." }]);
  });

  it("answers in text instead of calling a tool when the request forbids tools", async () => {
    const looping: PlanFunction = () => ({ kind: "tool", tool: "calculator", input: {} });
    const client = new PlanFunctionClient(looping);
    const message = await client.create(requestWith(history, { tool_choice: { type: "none" } }));
    expect(message.stop_reason).toBe("end_turn");
    expect(message.content[0]).toMatchObject({ type: "text" });
    expect(JSON.stringify(message.content)).toContain("calculator");
  });

  it("tells the plan whether tools are allowed", async () => {
    const allowed: boolean[] = [];
    const client = new PlanFunctionClient((_question, _scratchpad, context) => {
      allowed.push(context.toolUseAllowed);
      return { kind: "finish", answer: "" };
    });
    await client.create(requestWith(history));
    await client.create(requestWith(history, { tools: [] }));
    expect(allowed).toEqual([true, false]);
  });

  it("rejects with invalid_response when the plan throws or returns something else", async () => {
    const throwing = new PlanFunctionClient(() => {
      throw new Error("plan bug");
    });
    await expect(throwing.create(requestWith(history))).rejects.toMatchObject({ kind: "invalid_response" });
    const wrong = new PlanFunctionClient(() => ({ kind: "tool", tool: "calculator", input: "6*7" }) as never);
    await expect(wrong.create(requestWith(history))).rejects.toMatchObject({
      kind: "invalid_response",
      message: expect.stringContaining("must be an object") as unknown as string,
    });
  });

  it("sends the same events as a streaming client", async () => {
    const client = new PlanFunctionClient(() => ({ kind: "tool", tool: "calculator", input: {} }));
    const events: ModelStreamEvent[] = [];
    await client.create(requestWith(history), { onEvent: (event) => events.push(event) });
    expect(events.map((event) => event.type)).toEqual(["tool_use_complete", "content_block_complete"]);
  });
});
