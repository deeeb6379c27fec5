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

describe("streaming: a read starts at its own content_block_stop", () => {
  it("starts a read while the response is still streaming, and uses that result", async () => {
    const lookup = spyTool("lookup", "read");
    const streamRest = deferred();
    const block = toolUse("t1", "lookup", { q: "x" });
    const client = functionClient(async (_request, options, index) => {
      if (index > 0) return message([text("done")], "end_turn", index);
      options.onEvent?.({ type: "tool_use_complete", index: 0, block });
      await streamRest.promise;
      return message([block, text("more text streamed after the tool")], "tool_use");
    });
    const running = runAgent({ client, model: "m", tools: [lookup], prompt: "go" });
    await flush();
    expect(lookup.calls).toHaveLength(1);
    streamRest.resolve();
    const result = await running;
    expect(lookup.calls).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({ id: "t1", eager: true, isError: false });
  });

  it("starts nothing early for a message replayed whole (a client that does not stream)", async () => {
    const lookup = spyTool("lookup", "read");
    const rest = deferred();
    const block = toolUse("t1", "lookup", { q: "x" });
    const client = functionClient(async (_request, options, index) => {
      if (index > 0) return message([text("done")], "end_turn", index);
      options.onEvent?.({ type: "tool_use_complete", index: 0, block, replayed: true });
      await rest.promise;
      return message([block], "tool_use");
    });
    const running = runAgent({ client, model: "m", tools: [lookup], prompt: "go" });
    await flush();
    expect(lookup.calls).toHaveLength(0);
    rest.resolve();
    const result = await running;
    expect(lookup.calls).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({ id: "t1", eager: false, isError: false });
  });

  it("does not start a write early: writes wait for the whole message", async () => {
    const save = spyTool("save", "write");
    const streamRest = deferred();
    const block = toolUse("t1", "save", { v: 1 });
    const client = functionClient(async (_request, options, index) => {
      if (index > 0) return message([text("done")], "end_turn", index);
      options.onEvent?.({ type: "tool_use_complete", index: 0, block });
      await streamRest.promise;
      return message([block], "tool_use");
    });
    const running = runAgent({ client, model: "m", tools: [save], prompt: "go" });
    await flush();
    expect(save.calls).toHaveLength(0);
    streamRest.resolve();
    await running;
    expect(save.calls).toHaveLength(1);
  });

  it("does not start a read that follows a write in the same turn early", async () => {
    const lookup = spyTool("lookup", "read");
    const save = spyTool("save", "write");
    const streamRest = deferred();
    const blocks = [toolUse("w", "save", {}), toolUse("r", "lookup", {})];
    const client = functionClient(async (_request, options, index) => {
      if (index > 0) return message([text("done")], "end_turn", index);
      for (const [position, block] of blocks.entries()) {
        options.onEvent?.({ type: "tool_use_complete", index: position, block });
      }
      await streamRest.promise;
      return message(blocks, "tool_use");
    });
    const running = runAgent({ client, model: "m", tools: [lookup, save], prompt: "go" });
    await flush();
    expect(lookup.calls).toHaveLength(0);
    streamRest.resolve();
    await running;
    expect([save.calls.length, lookup.calls.length]).toEqual([1, 1]);
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
