import { KeelConfigError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "./run-agent.js";
import { answer, spyTool } from "./run-fixtures.test-helpers.js";
import type { RunOptions } from "./run-options.js";
import { RunOptionsError } from "./run-options-error.js";

const client = () => new ScriptedClient([answer("ok")]);
const base = (): RunOptions => ({ client: client(), model: "m", prompt: "hi" });

async function rejection(options: unknown): Promise<unknown> {
  try {
    await runAgent(options as RunOptions);
  } catch (error) {
    return error;
  }
  throw new Error("runAgent did not throw");
}

describe("invalid options throw RunOptionsError before anything runs", () => {
  it.each([
    ["a missing client", { model: "m", prompt: "hi" }, /"client"/],
    ["an empty model", { client: client(), model: "", prompt: "hi" }, /"model"/],
    ["both prompt and messages", { ...base(), messages: [{ role: "user", content: "x" }] }, /exactly one/],
    ["neither prompt nor messages", { client: client(), model: "m" }, /exactly one/],
    [
      "messages ending with an assistant turn",
      {
        client: client(),
        model: "m",
        messages: [
          { role: "user", content: "a" },
          { role: "assistant", content: "b" },
        ],
      },
      /end with a user turn/,
    ],
    ["maxIterations 0", { ...base(), maxIterations: 0 }, /"maxIterations" must be an integer >= 1, got 0/],
    ["a fractional concurrency", { ...base(), concurrency: 1.5 }, /"concurrency"/],
    [
      "maxDelayMs below baseDelayMs",
      { ...base(), retry: { baseDelayMs: 500, maxDelayMs: 100 } },
      /"retry" is invalid: .*"maxDelayMs" must be a whole number of at least 500, got 100/,
    ],
    [
      "retry.maxAttempts 0",
      { ...base(), retry: { maxAttempts: 0 } },
      /"retry" is invalid: .*"maxAttempts" must be a whole number of at least 1, got 0/,
    ],
    ["a non-function sleep", { ...base(), sleep: 5 }, /"sleep" must be a function/],
    ["hooks without decide()", { ...base(), hooks: { pre: [{ name: "x" }] } }, /"hooks.pre"/],
  ])("rejects %s", async (_name, options, message) => {
    const error = await rejection(options);
    expect(RunOptionsError.isInstance(error)).toBe(true);
    expect(KeelConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: "RunOptionsError", code: "INVALID_RUN_OPTIONS" });
    expect((error as Error).message).toMatch(message);
  });

  it("rejects two tools with the same name, naming the duplicate", async () => {
    const error = await rejection({ ...base(), tools: [spyTool("a", "read"), spyTool("a", "read")] });
    expect(RunOptionsError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('"a"');
  });

  it("accepts a prebuilt toolset as well as an array", async () => {
    const { createToolset } = await import("@keel/tools");
    const result = await runAgent({ ...base(), tools: createToolset([spyTool("a", "read")]) });
    expect(result.status).toBe("completed");
  });
});
