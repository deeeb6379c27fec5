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

describe("each problem is reported word for word as before the quick check (messages of 7e6fa06)", () => {
  const options = { client: client(), model: "m", prompt: "hi" };
  it.each<[string, unknown, string]>([
    ["not an object", "options", "runAgent: options must be an object."],
    [
      "no client",
      { model: "m", prompt: "hi" },
      'runAgent: "client" must be a ModelClient with a create() method.',
    ],
    ["an empty model", { ...options, model: "" }, 'runAgent: "model" must be a non-empty string.'],
    [
      "a bad model and a bad system (the first field)",
      { ...options, model: 5, system: 5 },
      'runAgent: "model" must be a non-empty string.',
    ],
    ["a non-boolean cache", { ...options, cache: "yes" }, 'runAgent: "cache" must be a boolean.'],
    [
      "a string maxTokens",
      { ...options, maxTokens: "4096" },
      'runAgent: "maxTokens" must be an integer >= 1, got "4096".',
    ],
    [
      "a negative maxPauseTurns",
      { ...options, maxPauseTurns: -1 },
      'runAgent: "maxPauseTurns" must be an integer >= 0, got -1.',
    ],
    ["hooks as an array", { ...options, hooks: [] }, 'runAgent: "hooks" must be { pre?, post? }.'],
    [
      "a post hook without transform()",
      { ...options, hooks: { post: [{}] } },
      'runAgent: "hooks.post" must be an array of hooks with a transform().',
    ],
    [
      "a non-function onEvent",
      { ...options, onEvent: "log" },
      'runAgent: "onEvent" must be a function, got "log".',
    ],
    [
      "a bad telemetry",
      { ...options, telemetry: { tracer: {} } },
      'runAgent: "telemetry" must be { tracer?: an OpenTelemetry Tracer, meter?: a Meter, agentName?: string, captureContent?: boolean }.',
    ],
    [
      "a signal that is not an AbortSignal",
      { ...options, signal: {} },
      'runAgent: "signal" must be an AbortSignal.',
    ],
    [
      "tools as a string",
      { ...options, tools: "lookup" },
      'runAgent: "tools" must be an array of defined tools, a toolset, or a function returning one.',
    ],
    [
      "two tools of one name",
      { ...options, tools: [spyTool("a", "read"), spyTool("a", "read")] },
      'runAgent: "tools" is invalid: createToolset: two tools are named "a"; a name must pick exactly one tool.',
    ],
    [
      "a bad request parameter",
      { ...options, request: { temperature: 2 } },
      'runAgent: "request.temperature": Too big: expected number to be <=1.',
    ],
    [
      "an unknown context key",
      { ...options, context: { compact: { every: 3 } } },
      'runAgent: "context.compact": Unrecognized key: "every".',
    ],
    [
      "serverTools not an array",
      { ...options, serverTools: {} },
      'runAgent: "serverTools" must be an array.',
    ],
    ["an empty prompt", { ...options, prompt: "" }, 'runAgent: "prompt" must be a non-empty string.'],
    [
      "a bad request and an empty prompt (the request first)",
      { ...options, prompt: "", request: { top_k: 0 } },
      'runAgent: "request.top_k": Too small: expected number to be >0.',
    ],
    [
      "retry.maxAttempts 0",
      { ...options, retry: { maxAttempts: 0 } },
      'runAgent: "retry" is invalid: toolRetryPolicy: "maxAttempts" must be a whole number of at least 1, got 0.',
    ],
  ])("%s", async (_name, value, message) => {
    const error = await rejection(value);
    expect(RunOptionsError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(message);
  });
});
