import { success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import {
  answer,
  type Deferred,
  deferred,
  flush,
  reply,
  spyTool,
  toolUse,
} from "./run-fixtures.test-helpers.js";

/** A tool whose every call waits for the test to release it. */
function gatedTool(name: string, effect: "read" | "write") {
  const gates: Array<Deferred<void>> = [];
  const tool = spyTool(name, effect, async (input) => {
    const gate = deferred();
    gates.push(gate);
    await gate.promise;
    return success({ name, input });
  });
  return { tool, gates };
}

describe("tool batches: reads concurrent, writes one at a time in the model's order", () => {
  it("starts five parallel reads before any finishes and sends the next request right after the last", async () => {
    const { tool, gates } = gatedTool("read_doc", "read");
    const blocks = [1, 2, 3, 4, 5].map((n) => toolUse(`t${n}`, "read_doc", { n }));
    const client = new ScriptedClient([reply(blocks), answer("done")]);
    const running = runAgent({ client, model: "m", tools: [tool], prompt: "read" });
    await flush();
    expect(tool.calls.map((call) => call.input.n)).toEqual([1, 2, 3, 4, 5]);
    for (const gate of gates.slice(0, 4)) gate.resolve();
    await flush();
    expect(client.requests).toHaveLength(1);
    gates[4]!.resolve();
    await flush();
    expect(client.requests).toHaveLength(2);
    expect((await running).status).toBe("completed");
  });

  it("never runs more reads at once than `concurrency`", async () => {
    const { tool, gates } = gatedTool("read_doc", "read");
    const blocks = [1, 2, 3, 4].map((n) => toolUse(`t${n}`, "read_doc", { n }));
    const client = new ScriptedClient([reply(blocks), answer("done")]);
    const running = runAgent({ client, model: "m", tools: [tool], prompt: "read", concurrency: 2 });
    await flush();
    expect(tool.calls).toHaveLength(2);
    gates[0]!.resolve();
    await flush();
    expect(tool.calls).toHaveLength(3);
    gates[1]!.resolve();
    gates[2]!.resolve();
    await flush();
    expect(tool.calls).toHaveLength(4);
    gates[3]!.resolve();
    expect((await running).toolCalls).toHaveLength(4);
  });

  it("runs writes one at a time, in the model's order", async () => {
    const { tool, gates } = gatedTool("save", "write");
    const client = new ScriptedClient([
      reply([toolUse("w1", "save", { n: 1 }), toolUse("w2", "save", { n: 2 })]),
      answer("saved"),
    ]);
    const running = runAgent({ client, model: "m", tools: [tool], prompt: "save" });
    await flush();
    expect(tool.calls.map((call) => call.input.n)).toEqual([1]);
    gates[0]!.resolve();
    await flush();
    expect(tool.calls.map((call) => call.input.n)).toEqual([1, 2]);
    gates[1]!.resolve();
    expect((await running).status).toBe("completed");
  });

  it("runs a write after the reads before it and before the reads after it", async () => {
    const reads = gatedTool("read_doc", "read");
    const writes = gatedTool("save", "write");
    const client = new ScriptedClient([
      reply([
        toolUse("r1", "read_doc", { n: 1 }),
        toolUse("w", "save", {}),
        toolUse("r2", "read_doc", { n: 2 }),
      ]),
      answer("ok"),
    ]);
    const running = runAgent({ client, model: "m", tools: [reads.tool, writes.tool], prompt: "go" });
    await flush();
    expect([reads.tool.calls.length, writes.tool.calls.length]).toEqual([1, 0]);
    reads.gates[0]!.resolve();
    await flush();
    expect([reads.tool.calls.length, writes.tool.calls.length]).toEqual([1, 1]);
    writes.gates[0]!.resolve();
    await flush();
    expect([reads.tool.calls.length, writes.tool.calls.length]).toEqual([2, 1]);
    reads.gates[1]!.resolve();
    expect((await running).status).toBe("completed");
  });

  it("returns results in block order even when reads finish in reverse order", async () => {
    const { tool, gates } = gatedTool("read_doc", "read");
    const client = new ScriptedClient([
      reply([
        toolUse("a", "read_doc", { n: 1 }),
        toolUse("b", "read_doc", { n: 2 }),
        toolUse("c", "read_doc", { n: 3 }),
      ]),
      answer("ok"),
    ]);
    const running = runAgent({ client, model: "m", tools: [tool], prompt: "go" });
    await flush();
    for (const gate of [...gates].reverse()) {
      gate.resolve();
      await flush();
    }
    const result = await running;
    const ids = (client.requests[1]!.messages[2]!.content as Array<{ tool_use_id: string }>).map(
      (block) => block.tool_use_id,
    );
    expect(ids).toEqual(["a", "b", "c"]);
    expect(result.toolCalls.map((call) => call.id)).toEqual(["a", "b", "c"]);
  });
});
