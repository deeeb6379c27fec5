import type { MessageCreateRequest, MessageParam } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import { answer, reply, spyTool, text, toolUse } from "./run-fixtures.test-helpers.js";

/** Paths of every cache_control breakpoint in a request. */
function breakpoints(request: MessageCreateRequest): string[] {
  const found: string[] = [];
  const marked = (value: unknown) => (value as { cache_control?: unknown }).cache_control !== undefined;
  const system = Array.isArray(request.system) ? request.system : [];
  for (const [index, block] of system.entries()) if (marked(block)) found.push(`system[${index}]`);
  for (const [index, tool] of (request.tools ?? []).entries())
    if (marked(tool)) found.push(`tools[${index}]`);
  for (const [index, message] of request.messages.entries()) {
    if (typeof message.content === "string") continue;
    for (const [position, block] of message.content.entries()) {
      if (marked(block)) found.push(`messages[${index}][${position}]`);
    }
  }
  return found;
}

const threeRounds = () =>
  new ScriptedClient([
    reply([text("Looking."), toolUse("t1", "lookup", { q: 1 })]),
    reply([toolUse("t2", "lookup", { q: 2 }), toolUse("t3", "lookup", { q: 3 })]),
    answer("Done."),
  ]);
const tools = () => [spyTool("search", "read"), spyTool("lookup", "read")];

describe("prompt caching (issue 9, point 3)", () => {
  it("marks the system prompt (so tools and system are cached together) and the newest turn on every request", async () => {
    const client = threeRounds();
    await runAgent({ client, model: "m", system: "Be brief.", tools: tools(), prompt: "go" });
    expect(client.requests.map(breakpoints)).toEqual([
      ["system[0]", "messages[0][0]"],
      ["system[0]", "messages[2][0]"],
      ["system[0]", "messages[4][1]"],
    ]);
    expect(client.requests[0]!.system).toEqual([
      { type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } },
    ]);
    expect(client.requests[0]!.tools?.some((tool) => tool.cache_control !== undefined)).toBe(false);
  });

  it("marks the last tool when there is no system prompt", async () => {
    const client = threeRounds();
    await runAgent({ client, model: "m", tools: tools(), prompt: "go" });
    expect(breakpoints(client.requests[0]!)).toEqual(["tools[1]", "messages[0][0]"]);
  });

  it("counts breakpoints nested in a tool_result's content, so a request never carries five", async () => {
    const nested: MessageParam[] = [
      { role: "user", content: [text("look")] },
      { role: "assistant", content: [toolUse("t0", "lookup", { q: 0 })] },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "t0",
            content: [{ type: "text", text: "earlier", cache_control: { type: "ephemeral" } }],
          } as never,
        ],
      },
    ];
    const system = [1, 2].map((n) => ({
      type: "text" as const,
      text: `part ${n}`,
      cache_control: { type: "ephemeral" as const },
    }));
    const client = threeRounds();
    await runAgent({ client, model: "m", system, tools: tools(), messages: nested });
    for (const request of client.requests) {
      // Two in system and one nested are the caller's; one is left, for the newest turn.
      expect(JSON.stringify(request).split('"cache_control"').length - 1).toBe(4);
    }
  });

  it("keeps the stored history free of breakpoints and never mutates the first user message", async () => {
    const first: MessageParam = { role: "user", content: [text("go")] };
    const snapshot = structuredClone(first);
    const client = threeRounds();
    const result = await runAgent({ client, model: "m", tools: tools(), messages: [first] });
    expect(result.messages[0]).toBe(first);
    expect(first).toEqual(snapshot);
    expect(breakpoints({ model: "m", max_tokens: 1, messages: [...result.messages] })).toEqual([]);
  });

  it("puts the prefix breakpoint on the system prompt when there are no tools", async () => {
    const client = new ScriptedClient([answer("hi")]);
    await runAgent({ client, model: "m", system: "Be brief.", prompt: "hello" });
    expect(client.requests[0]!.system).toEqual([
      { type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } },
    ]);
    expect(breakpoints(client.requests[0]!)).toEqual(["system[0]", "messages[0][0]"]);
  });

  it("turns a string message into one marked text block only in the outgoing request", async () => {
    const client = new ScriptedClient([answer("hi")]);
    const result = await runAgent({ client, model: "m", messages: [{ role: "user", content: "hello" }] });
    expect(client.requests[0]!.messages[0]!.content).toEqual([
      { type: "text", text: "hello", cache_control: { type: "ephemeral" } },
    ]);
    expect(result.messages[0]!.content).toBe("hello");
  });

  it("counts the caller's own breakpoints and never exceeds four", async () => {
    const system = [1, 2, 3].map((n) => ({
      type: "text" as const,
      text: `part ${n}`,
      cache_control: { type: "ephemeral" as const },
    }));
    const client = threeRounds();
    await runAgent({ client, model: "m", system, tools: tools(), prompt: "go" });
    for (const request of client.requests) {
      expect(breakpoints(request)).toHaveLength(4);
      expect(breakpoints(request).filter((path) => path.startsWith("tools"))).toEqual([]);
    }
  });

  it("adds no breakpoint when caching is off", async () => {
    const client = threeRounds();
    await runAgent({ client, model: "m", system: "s", tools: tools(), prompt: "go", cache: false });
    expect(client.requests.flatMap(breakpoints)).toEqual([]);
  });

  it("keeps the same tools, breakpoint included, on the forced final request", async () => {
    const client = threeRounds();
    await runAgent({ client, model: "m", tools: tools(), prompt: "go", maxIterations: 2 });
    expect(client.requests[2]!.tool_choice).toEqual({ type: "none" });
    expect(client.requests[2]!.tools).toEqual(client.requests[0]!.tools);
    expect(breakpoints(client.requests[2]!)).toEqual(["tools[1]", "messages[4][2]"]);
  });

  it("reports the exact request size in bytes without re-serialising the history", async () => {
    for (const cache of [true, false]) {
      const client = threeRounds();
      const result = await runAgent({
        client,
        model: "m",
        system: "Ünïcode ✓",
        tools: tools(),
        prompt: "gø",
        cache,
        maxIterations: 2,
      });
      const sizes = result.trace.flatMap((event) => (event.type === "request" ? [event.bytes] : []));
      expect(sizes).toEqual(client.requests.map((request) => Buffer.byteLength(JSON.stringify(request))));
    }
  });

  it("adds cache token counts to the cumulative usage and the trace", async () => {
    const usage = {
      input_tokens: 10,
      output_tokens: 2,
      cache_creation_input_tokens: 100,
      cache_read_input_tokens: 0,
    };
    const cached = {
      input_tokens: 3,
      output_tokens: 4,
      cache_creation_input_tokens: 5,
      cache_read_input_tokens: 100,
    };
    const client = new ScriptedClient([
      reply([toolUse("t1", "lookup")], "tool_use", { usage }),
      reply([text("ok")], "end_turn", { usage: cached }),
    ]);
    const result = await runAgent({ client, model: "m", tools: tools(), prompt: "go" });
    expect(result.usage).toEqual({
      input_tokens: 13,
      output_tokens: 6,
      cache_creation_input_tokens: 105,
      cache_read_input_tokens: 100,
    });
    const responses = result.trace.filter((event) => event.type === "response");
    expect(responses[1]).toMatchObject({ usage: cached, cumulativeUsage: result.usage });
  });
});
