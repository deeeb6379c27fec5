import { success } from "@keel/errors";
import { defineTool, type Tool } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptedClient } from "../clients/scripted-client.js";
import { formatTrace } from "./format-trace.js";
import { runAgent } from "./run-agent.js";

const read = (name: string, onCall?: () => void): Tool =>
  defineTool({
    name,
    description: `Reads ${name}.`,
    input: z.object({}),
    effect: "read",
    handler: () => {
      onCall?.();
      return success(`${name} read`);
    },
  });

const use = (id: string, name: string) => ({ content: [{ type: "tool_use" as const, id, name, input: {} }] });
const answer = { content: [{ type: "text" as const, text: "Done." }] };

describe("tools given as a function", () => {
  it("are asked again before every request: a tool added during a round is sent and callable in the next", async () => {
    let tools: readonly Tool[] = [];
    tools = [read("unlock", () => (tools = [...tools, read("hidden")]))];
    const client = new ScriptedClient([use("toolu_1", "unlock"), use("toolu_2", "hidden"), answer]);
    const result = await runAgent({ client, model: "m", tools: () => tools, prompt: "Go." });
    expect(result.status).toBe("completed");
    expect(client.requests.map((request) => request.tools?.map((tool) => tool.name))).toEqual([
      ["unlock"],
      ["unlock", "hidden"],
      ["unlock", "hidden"],
    ]);
    expect(result.toolCalls.map((call) => [call.requested, call.isError])).toEqual([
      ["unlock", false],
      ["hidden", false],
    ]);
    expect(result.trace.find((event) => event.type === "tools_changed")).toMatchObject({
      tools: ["unlock", "hidden"],
      added: ["hidden"],
      removed: [],
    });
    expect(formatTrace(result.trace)).toContain("tools changed: +hidden");
  });

  it("a removed tool is gone from the next request, and a call to it is UNKNOWN_TOOL", async () => {
    let tools: readonly Tool[] = [];
    const keep = read("keep");
    tools = [keep, read("drop", () => (tools = [keep]))];
    const client = new ScriptedClient([use("toolu_1", "drop"), use("toolu_2", "drop"), answer]);
    const result = await runAgent({ client, model: "m", tools: () => tools, prompt: "Go." });
    expect(client.requests[1]?.tools?.map((tool) => tool.name)).toEqual(["keep"]);
    expect(result.toolCalls[1]).toMatchObject({ requested: "drop", isError: true, code: "UNKNOWN_TOOL" });
  });

  it("new tools that cannot be used are reported and the run keeps the ones it had", async () => {
    let tools: readonly Tool[] = [];
    tools = [read("a", () => (tools = [read("a"), read("a")]))];
    const client = new ScriptedClient([use("toolu_1", "a"), use("toolu_2", "a"), answer]);
    const result = await runAgent({ client, model: "m", tools: () => tools, prompt: "Go." });
    expect(result.status).toBe("completed");
    expect(result.toolCalls.map((call) => call.isError)).toEqual([false, false]);
    expect(result.trace.find((event) => event.type === "tools_changed")).toMatchObject({
      tools: ["a"],
      error: expect.stringContaining('two tools are named "a"'),
    });
  });

  it("the same array again changes nothing and costs no tools_changed event", async () => {
    const tools = [read("a")];
    const client = new ScriptedClient([use("toolu_1", "a"), answer]);
    const result = await runAgent({ client, model: "m", tools: () => tools, prompt: "Go." });
    expect(result.trace.some((event) => event.type === "tools_changed")).toBe(false);
  });
});
