import { businessError, success, type ToolOutcome, validEmpty } from "@keel/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HookConfigError } from "../hook-config-error.js";
import { makeCall, makeContext } from "../hook-context.test-helpers.js";
import { runPostHooks } from "../run-post-hooks.js";
import { capText } from "./cap-text.js";

const call = makeCall("search_docs", { query: "refund policy" });
const cap = (outcome: ToolOutcome, maxChars: number) =>
  runPostHooks([capText({ maxChars })], call, outcome, makeContext());

interface Truncated {
  readonly _truncated: { readonly omittedChars: number; readonly totalChars: number };
  readonly preview: string;
}

describe("capText", () => {
  it("leaves results within the cap untouched, as the same object", async () => {
    const outcome = success({ answer: "Refunds within 30 days." });
    expect(await cap(outcome, 100)).toBe(outcome);
  });

  it("replaces oversized data with a preview that says how much was cut, within the cap", async () => {
    const rows = Array.from({ length: 500 }, (_, index) => ({ id: index, text: `row ${index}` }));
    const outcome = await cap(success({ rows }), 300);
    if (outcome.kind !== "success") throw new Error("expected success");
    const data = outcome.data as Truncated;
    const total = JSON.stringify({ rows }).length;
    expect(JSON.stringify(data).length).toBeLessThanOrEqual(300);
    expect(data._truncated).toEqual({ totalChars: total, omittedChars: total - data.preview.length });
    expect(JSON.stringify({ rows }).startsWith(data.preview)).toBe(true);
  });

  it("previews string data as text, not as escaped JSON", async () => {
    const outcome = await cap(success(`line one\n${"x".repeat(1000)}`), 200);
    expect((outcome as { data: Truncated }).data.preview.startsWith("line one\nxxx")).toBe(true);
  });

  it("stays within the cap for any data, however much escaping it needs", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.integer({ min: 100, max: 400 }), async (data, maxChars) => {
        const outcome = await cap(success(data), maxChars);
        expect(outcome.kind).toBe("success");
        if (outcome.kind === "success")
          expect(JSON.stringify(outcome.data).length).toBeLessThanOrEqual(maxChars);
      }),
    );
    const quotes = await cap(success('"\\'.repeat(500)), 120);
    expect(JSON.stringify((quotes as { data: unknown }).data).length).toBeLessThanOrEqual(120);
  });

  it("never ends a preview on half of a surrogate pair", async () => {
    const outcome = await cap(success("😀".repeat(500)), 150);
    const preview = (outcome as { data: Truncated }).data.preview;
    expect(preview).toMatch(/^(😀)+$/u);
  });

  it("cuts a 10 MB result down to the cap", async () => {
    const huge = {
      blob: "a".repeat(10 * 1024 * 1024),
      rows: Array.from({ length: 20_000 }, (_, id) => ({ id })),
    };
    const outcome = await cap(success(huge), 2_000);
    const serialized = JSON.stringify((outcome as { data: unknown }).data);
    expect(serialized.length).toBeLessThanOrEqual(2_000);
    expect((outcome as { data: Truncated }).data._truncated.totalChars).toBeGreaterThan(10 * 1024 * 1024);
  });

  it("caps error messages and details, keeping category, code and retryable", async () => {
    const error = businessError("REFUND_REJECTED", `The processor said: ${"no ".repeat(200)}`, {
      details: { body: "z".repeat(500) },
    });
    const outcome = await cap(error, 150);
    expect(outcome).toMatchObject({
      kind: "error",
      category: "business",
      code: "REFUND_REJECTED",
      retryable: false,
    });
    if (outcome.kind !== "error") return;
    expect(outcome.message.length).toBeLessThanOrEqual(150);
    expect(outcome.message).toMatch(/\[cut \d+ of \d+ characters\]$/);
    expect(JSON.stringify(outcome.details).length).toBeLessThanOrEqual(150);
  });

  it("caps a valid-empty message and data", async () => {
    const outcome = await cap(validEmpty("NO_MATCH", "m".repeat(300), { tried: "t".repeat(300) }), 120);
    expect(outcome).toMatchObject({ kind: "empty", code: "NO_MATCH" });
    if (outcome.kind !== "empty") return;
    expect(outcome.message.length).toBeLessThanOrEqual(120);
    expect(JSON.stringify(outcome.data).length).toBeLessThanOrEqual(120);
  });

  it.each([99, 0, 150.5, Number.NaN])("rejects maxChars %s", (maxChars) => {
    expect(() => capText({ maxChars })).toThrow(HookConfigError);
  });
});
