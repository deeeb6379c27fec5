import { success } from "@keel/errors";
import { createToolset, defineTool } from "@keel/tools";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { memoryIdempotencyRecords, requestFingerprint } from "./idempotency-records.js";
import { resolveToolCall } from "./resolve-tool-call.js";
import { makeCall, makeContext } from "./tool-call.test-helpers.js";

/** A write tool that records every request it runs, so a test sees what was done and what was lost. */
function ledgerTool() {
  const done: unknown[] = [];
  const tool = defineTool({
    name: "open_ticket",
    description: "Opens a ticket.",
    input: z.object({ customer: z.string().min(1), summary: z.string().min(1) }),
    effect: "write",
    handler: (input, context) => {
      done.push(input);
      return success({ ticket: `T-${done.length}`, key: context.idempotencyKey });
    },
  });
  return { tool, done };
}

const request = fc.record({ customer: fc.string({ minLength: 1 }), summary: fc.string({ minLength: 1 }) });

describe("an idempotency key names one request, on the one tool-call path", () => {
  it("refuses a key reused for other input: IDEMPOTENCY_KEY_REUSED, nothing run, nothing disclosed", async () => {
    await fc.assert(
      fc.asyncProperty(request, request, async (first, second) => {
        fc.pre(JSON.stringify(first) !== JSON.stringify(second));
        const { tool, done } = ledgerTool();
        const options = {
          toolset: createToolset([tool]),
          context: makeContext(),
          idempotencyKey: () => "key-1",
        };
        const one = await resolveToolCall(makeCall("open_ticket", first, "toolu_1"), options);
        const two = await resolveToolCall(makeCall("open_ticket", second, "toolu_2"), options);
        expect(one.outcome).toMatchObject({ kind: "success", data: { ticket: "T-1" } });
        expect(two.outcome).toMatchObject({
          kind: "error",
          category: "validation",
          code: "IDEMPOTENCY_KEY_REUSED",
        });
        expect(JSON.stringify(two.outcome)).not.toContain("T-1");
        expect(two.executed).toBeNull();
        expect(done).toEqual([first]);
      }),
      { numRuns: 50 },
    );
  });

  it("lets the same request through again with its key: the handler's own idempotency answers it", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const { tool, done } = ledgerTool();
        const options = {
          toolset: createToolset([tool]),
          context: makeContext(),
          idempotencyKey: () => "key-1",
        };
        await resolveToolCall(makeCall("open_ticket", input, "toolu_1"), options);
        const again = await resolveToolCall(makeCall("open_ticket", { ...input }, "toolu_2"), options);
        expect(again.outcome.kind).toBe("success");
        expect(done).toHaveLength(2);
      }),
      { numRuns: 30 },
    );
  });

  it("never refuses the keys it derives itself: they are made from the input", async () => {
    const { tool, done } = ledgerTool();
    const options = { toolset: createToolset([tool]), context: makeContext() };
    await resolveToolCall(makeCall("open_ticket", { customer: "a", summary: "one" }), options);
    const other = await resolveToolCall(makeCall("open_ticket", { customer: "b", summary: "two" }), options);
    expect(other.outcome.kind).toBe("success");
    expect(done).toHaveLength(2);
  });

  it("binds the key in the records it is given, so another toolset (another process) refuses it too", async () => {
    const records = memoryIdempotencyRecords();
    const first = ledgerTool();
    const second = ledgerTool();
    const key = () => "shared-key";
    const input = { customer: "a", summary: "one" };
    await resolveToolCall(makeCall("open_ticket", input), {
      toolset: createToolset([first.tool]),
      context: makeContext(),
      idempotencyKey: key,
      idempotencyRecords: records,
    });
    const refused = await resolveToolCall(makeCall("open_ticket", { ...input, summary: "two" }), {
      toolset: createToolset([second.tool]),
      context: makeContext(),
      idempotencyKey: key,
      idempotencyRecords: records,
    });
    expect(refused.outcome).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect(second.done).toEqual([]);
  });

  it("runs nothing when the records do not answer, and says the same call may be retried", async () => {
    const { tool, done } = ledgerTool();
    const resolution = await resolveToolCall(makeCall("open_ticket", { customer: "a", summary: "one" }), {
      toolset: createToolset([tool]),
      context: makeContext(),
      idempotencyRecords: {
        claimIdempotencyKey: () => Promise.reject(new Error("database down")),
      },
    });
    expect(resolution.outcome).toMatchObject({
      category: "transient",
      code: "IDEMPOTENCY_RECORDS_UNAVAILABLE",
    });
    expect(done).toEqual([]);
  });

  it("fingerprints a request by its tool and canonical input: key order does not matter", () => {
    expect(requestFingerprint("t", { a: 1, b: 2 })).toBe(requestFingerprint("t", { b: 2, a: 1 }));
    expect(requestFingerprint("t", { a: 1 })).not.toBe(requestFingerprint("u", { a: 1 }));
  });
});
