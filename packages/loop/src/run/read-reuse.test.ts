import { success, validationError } from "@keel/errors";
import { definePostHook } from "@keel/hooks";
import type { Tool } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { answer, reply, runScript, spyTool, toolUse } from "./run-fixtures.test-helpers.js";
import type { RunOptions } from "./run-options.js";

/** The model calls `tool` in two rounds, with `first` then `second`, then answers "ok". */
const callTwice = (
  tool: Tool,
  first: Record<string, unknown>,
  second: Record<string, unknown>,
  options: Pick<RunOptions, "hooks"> = {},
) =>
  runScript(
    [reply([toolUse("t1", tool.name, first)]), reply([toolUse("t2", tool.name, second)]), answer("ok")],
    { tools: [tool], ...options },
  );

describe("read reuse (issue 9, point 4)", () => {
  it("answers an identical later call of a reuse tool with the earlier outcome, and marks it reused", async () => {
    let version = 0;
    const catalog = spyTool("get_catalog", "read", () => success({ version: ++version }), { reuse: true });
    const { result } = await callTwice(catalog, { page: 1, size: 10 }, { size: 10, page: 1 });
    expect(catalog.calls).toHaveLength(1);
    expect(result.toolCalls.map((call) => [call.reused, call.attempts])).toEqual([
      [false, 1],
      [true, 0],
    ]);
    expect(result.toolCalls[1]!.outcome).toEqual({ kind: "success", isError: false, data: { version: 1 } });
    expect(result.trace.filter((event) => event.type === "tool_call").map((event) => event.reused)).toEqual([
      false,
      true,
    ]);
  });

  it("runs again when the input differs", async () => {
    const catalog = spyTool("get_catalog", "read", undefined, { reuse: true });
    const { result } = await callTwice(catalog, { page: 1 }, { page: 2 });
    expect(catalog.calls).toHaveLength(2);
    expect(result.toolCalls.some((call) => call.reused)).toBe(false);
  });

  it("never reuses an error outcome", async () => {
    let calls = 0;
    const catalog = spyTool(
      "get_catalog",
      "read",
      () => (++calls === 1 ? validationError("BAD_PAGE", "Page out of range.") : success({ ok: true })),
      { reuse: true },
    );
    await callTwice(catalog, { page: 9 }, { page: 9 });
    expect(catalog.calls).toHaveLength(2);
  });

  it("does not reuse tools that did not opt in", async () => {
    const plain = spyTool("get_catalog", "read");
    await callTwice(plain, { page: 1 }, { page: 1 });
    expect(plain.calls).toHaveLength(2);
  });

  it("never reuses a write: a repeated identical write runs again (with the same idempotency key)", async () => {
    const save = spyTool("save", "write");
    await callTwice(save, { v: 1 }, { v: 1 });
    expect(save.calls).toHaveLength(2);
    expect(save.calls[0]!.context.idempotencyKey).toBe(save.calls[1]!.context.idempotencyKey);
  });

  it("passes a reused outcome through the post-hooks again", async () => {
    const catalog = spyTool("get_catalog", "read", () => success({ secret: "s3cr3t", name: "A" }), {
      reuse: true,
    });
    let transforms = 0;
    const redact = definePostHook("redact", (_call, outcome) => {
      transforms += 1;
      return outcome.kind === "success"
        ? success({ name: (outcome.data as { name: string }).name })
        : outcome;
    });
    const { result } = await callTwice(catalog, {}, {}, { hooks: { post: [redact] } });
    expect(transforms).toBe(2);
    expect(result.toolCalls[1]!.outcome).toEqual({ kind: "success", isError: false, data: { name: "A" } });
  });
});
