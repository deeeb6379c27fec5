import { success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { runAgent } from "./run-agent.js";
import {
  deferred,
  flush,
  functionClient,
  message,
  spyTool,
  text,
  toolUse,
} from "./run-fixtures.test-helpers.js";

const read = toolUse("t1", "lookup", { q: "x" });
const write = toolUse("t1", "save", { v: 1 });
const writeThenRead = [toolUse("w", "save", {}), toolUse("r", "lookup", {})];

describe("streaming: a read starts at its own content_block_stop", () => {
  // The first response reports `streamed` complete one by one (as `replayed` ones for a client that does not
  // stream), then holds the rest of the message (more text) back until the test lets it end.
  it.each([
    ["starts a read while the response is still streaming, and uses that result", [read], false, 1],
    ["starts nothing early for a message replayed whole (a client that does not stream)", [read], true, 0],
    ["does not start a write early: writes wait for the whole message", [write], false, 0],
    ["does not start a read that follows a write in the same turn early", writeThenRead, false, 0],
  ])("%s", async (_title, streamed, replayed, startedEarly) => {
    const tools = [spyTool("lookup", "read"), spyTool("save", "write")];
    const rest = deferred();
    const client = functionClient(async (_request, options, index) => {
      if (index > 0) return message([text("done")], "end_turn", index);
      for (const [position, block] of streamed.entries()) {
        options.onEvent?.({
          type: "tool_use_complete",
          index: position,
          block,
          ...(replayed && { replayed }),
        });
      }
      await rest.promise;
      return message([...streamed, text("more text streamed after the tools")], "tool_use");
    });
    const running = runAgent({ client, model: "m", tools, prompt: "go" });
    await flush();
    const ranEarly = tools.reduce((sum, tool) => sum + tool.calls.length, 0);
    expect(ranEarly).toBe(startedEarly);
    rest.resolve();
    const result = await running;
    // Each call ran once in all, the early start counting as its run.
    expect(result.toolCalls.map((call) => [call.id, call.eager, call.isError])).toEqual(
      streamed.map((block) => [block.id, startedEarly === 1, false]),
    );
    expect(tools.flatMap((tool) => tool.calls)).toHaveLength(streamed.length);
  });

  it("drops an early result when the final message's block differs, and runs the final block", async () => {
    const lookup = spyTool("lookup", "read", (input) => success({ q: input.q }));
    const client = functionClient(async (_request, options, index) => {
      if (index > 0) return message([text("done")], "end_turn", index);
      options.onEvent?.({
        type: "tool_use_complete",
        index: 0,
        block: toolUse("t1", "lookup", { q: "early" }),
      });
      await flush();
      return message([toolUse("t1", "lookup", { q: "final" })], "tool_use");
    });
    const result = await runAgent({ client, model: "m", tools: [lookup], prompt: "go" });
    expect(lookup.calls.map((call) => call.input.q)).toEqual(["early", "final"]);
    expect(result.toolCalls[0]).toMatchObject({ eager: false, outcome: { data: { q: "final" } } });
    expect(result.trace).toContainEqual(
      expect.objectContaining({ type: "eager_discarded", id: "t1", reason: "changed" }),
    );
  });

  it("aborts and awaits an early read when the message ends with max_tokens", async () => {
    const finished = deferred();
    let sawAbort = false;
    const lookup = spyTool("lookup", "read", async (_input, context) => {
      await new Promise<void>((resolve) => context.signal.addEventListener("abort", () => resolve()));
      sawAbort = true;
      finished.resolve();
      return success(null);
    });
    const block = toolUse("t1", "lookup", {});
    const client = functionClient(async (_request, options) => {
      options.onEvent?.({ type: "tool_use_complete", index: 0, block });
      return message([block, toolUse("t2", "lookup", {})], "max_tokens");
    });
    const result = await runAgent({ client, model: "m", tools: [lookup], prompt: "go" });
    expect(result.status).toBe("truncated");
    await finished.promise;
    expect(sawAbort).toBe(true);
    expect(result.toolCalls).toEqual([]);
  });
});
