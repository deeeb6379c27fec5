import { success, transientError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import {
  answer,
  deferred,
  flush,
  functionClient,
  message,
  reply,
  spyTool,
  text,
  toolUse,
} from "./run-fixtures.test-helpers.js";

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });

describe("AbortSignal", () => {
  it("returns aborted without a request when the signal is already aborted", async () => {
    const client = new ScriptedClient([answer("never")]);
    const result = await runAgent({ client, model: "m", prompt: "go", signal: AbortSignal.abort() });
    expect(result.status).toBe("aborted");
    expect(client.requests).toHaveLength(0);
  });

  it("passes the signal to the client and stops promptly even if the client ignores it", async () => {
    const controller = new AbortController();
    const received: AbortSignal[] = [];
    const client = functionClient((_request, options) => {
      received.push(options.signal!);
      return new Promise(() => {});
    });
    const running = runAgent({ client, model: "m", prompt: "go", signal: controller.signal });
    await flush();
    controller.abort();
    const result = await running;
    expect(result.status).toBe("aborted");
    expect(received[0]!.aborted).toBe(true);
    expect(result.trace.at(-1)).toMatchObject({ type: "end", status: "aborted" });
  });

  it("passes no signal to the client when the run cannot be aborted", async () => {
    const received: Array<AbortSignal | undefined> = [];
    const client = functionClient(async (_request, options) => {
      received.push(options.signal);
      return message([text("done")], "end_turn");
    });
    const result = await runAgent({ client, model: "m", prompt: "go" });
    expect(result.status).toBe("completed");
    expect(received).toEqual([undefined]);
  });

  it("aborts a running tool through its context signal, waits for it, and sends no further request", async () => {
    const controller = new AbortController();
    const settled = deferred();
    const slow = spyTool("slow_read", "read", async (_input, context) => {
      await untilAborted(context.signal);
      settled.resolve();
      return success("late");
    });
    const client = new ScriptedClient([reply([toolUse("t1", "slow_read")]), answer("never")]);
    const running = runAgent({ client, model: "m", tools: [slow], prompt: "go", signal: controller.signal });
    await flush();
    expect(slow.calls).toHaveLength(1);
    controller.abort();
    const result = await running;
    await settled.promise;
    expect(result.status).toBe("aborted");
    expect(client.requests).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({ id: "t1", category: "transient" });
  });

  it("does not start the writes that remain after an abort", async () => {
    const controller = new AbortController();
    const first = spyTool("first_write", "write", async (_input, context) => {
      controller.abort();
      await flush();
      return success(context.signal.aborted);
    });
    const second = spyTool("second_write", "write");
    const client = new ScriptedClient([reply([toolUse("a", "first_write"), toolUse("b", "second_write")])]);
    const result = await runAgent({
      client,
      model: "m",
      tools: [first, second],
      prompt: "go",
      signal: controller.signal,
    });
    expect(result.status).toBe("aborted");
    expect(second.calls).toHaveLength(0);
  });

  it("stops retrying when the run is aborted during the backoff", async () => {
    const controller = new AbortController();
    const flaky = spyTool("flaky", "read", () => transientError("BUSY", "Busy; retry."));
    const sleep = (_milliseconds: number, signal: AbortSignal) => {
      controller.abort();
      return untilAborted(signal);
    };
    const client = new ScriptedClient([reply([toolUse("t1", "flaky")]), answer("never")]);
    const result = await runAgent({
      client,
      model: "m",
      tools: [flaky],
      prompt: "go",
      signal: controller.signal,
      sleep,
    });
    expect(result.status).toBe("aborted");
    expect(flaky.calls).toHaveLength(1);
  });
});
