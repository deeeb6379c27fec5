import { describe, expectTypeOf, it } from "vitest";
import { AnthropicClient } from "./clients/anthropic-client.js";
import { ScriptedClient } from "./clients/scripted-client.js";
import type { RetryOptions } from "./retry-options.js";
import type { RunOptions } from "./run/run-options.js";
import type { RunError, RunResult, StopDetails } from "./run/run-result.js";
import type { RunSnapshot } from "./run/run-snapshot.js";
import type { RunStatus } from "./run/run-status.js";

// Checked by the type-check (pnpm typecheck), not at run time.
const result = {} as RunResult;

describe("RunResult narrows on status", () => {
  it("guarantees error on model_error", () => {
    if (result.status === "model_error") {
      expectTypeOf(result.error).toEqualTypeOf<RunError>();
      expectTypeOf(result.snapshot).toEqualTypeOf<RunSnapshot | undefined>();
    }
  });

  it("guarantees text and stop details on completed", () => {
    if (result.status === "completed") {
      expectTypeOf(result.text).toEqualTypeOf<string>();
      expectTypeOf(result.stopDetails).toEqualTypeOf<StopDetails>();
      expectTypeOf(result.error).toEqualTypeOf<undefined>();
    }
  });

  it("guarantees a snapshot on awaiting_approval", () => {
    if (result.status === "awaiting_approval") expectTypeOf(result.snapshot).toEqualTypeOf<RunSnapshot>();
  });

  it("gives context_window_exceeded either stop details or an error", () => {
    if (result.status === "context_window_exceeded") {
      if (result.error === undefined) expectTypeOf(result.stopDetails).toEqualTypeOf<StopDetails>();
      else expectTypeOf(result.error).toEqualTypeOf<RunError>();
    }
  });

  it("keeps error readable without narrowing, and status the RunStatus union", () => {
    expectTypeOf(result.error).toEqualTypeOf<RunError | undefined>();
    expectTypeOf(result.status).toEqualTypeOf<RunStatus>();
  });
});

describe("optional options accept undefined (exactOptionalPropertyTypes)", () => {
  it("takes process.env values for AnthropicClient options", () => {
    expectTypeOf(AnthropicClient).toBeConstructibleWith({ baseURL: process.env.X });
    expectTypeOf(AnthropicClient).toBeConstructibleWith({
      apiKey: process.env.KEY,
      baseURL: process.env.X,
      retry: { maxAttempts: undefined },
    });
  });

  it("takes undefined for runAgent's optional options", () => {
    const options: RunOptions = {
      client: new ScriptedClient([]),
      model: "m",
      prompt: process.env.PROMPT,
      system: process.env.SYSTEM,
      maxTokens: undefined,
      signal: undefined,
      retry: { maxDelayMs: undefined },
    };
    expectTypeOf(options.retry).toEqualTypeOf<RetryOptions | undefined>();
  });

  it("requires client and model", () => {
    // @ts-expect-error client and model are required
    const options: RunOptions = { prompt: "hi" };
    expectTypeOf(options).toEqualTypeOf<RunOptions>();
  });
});
