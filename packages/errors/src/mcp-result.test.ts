import { KEEL_META_KEY } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { businessError, success, transientError, validationError, validEmpty } from "./builders.js";
import { isToolOutcome } from "./guards.js";
import { fromMcpResult, toMcpResult } from "./mcp-result.js";
import { toToolResultBlock } from "./tool-result-block.js";

describe("toMcpResult", () => {
  it("puts plain-object success data in structuredContent and the outcome under the Keel _meta key", () => {
    const result = toMcpResult(success({ order: "ORD-1", status: "shipped" }));
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ order: "ORD-1", status: "shipped" });
    expect(result._meta[KEEL_META_KEY]).toEqual({ kind: "success", isError: false });
    expect(result.content).toEqual([{ type: "text", text: '{"order":"ORD-1","status":"shipped"}' }]);
  });

  it("keeps array data out of structuredContent, which must be an object", () => {
    const result = toMcpResult(success([1, 2, 3]));
    expect(result.structuredContent).toBeUndefined();
    expect(result._meta[KEEL_META_KEY]).toEqual({ kind: "success", isError: false, data: [1, 2, 3] });
  });

  it("never sets structuredContent on an error", () => {
    const result = toMcpResult(businessError("ALREADY_REFUNDED", "Order ORD-1 was refunded already."));
    expect(result.isError).toBe(true);
    expect("structuredContent" in result).toBe(false);
  });

  it("writes the code and the retry guidance of an error into its text", () => {
    const [content] = toMcpResult(
      validationError("INVALID_ORDER_ID", "Bad id.", { details: { field: "order_id" } }),
    ).content;
    expect(content?.text).toContain("INVALID_ORDER_ID");
    expect(content?.text).toContain('Do not retry with the same arguments; fix "order_id" first');
  });

  it("puts a valid empty's object data in structuredContent and its code in the text", () => {
    const result = toMcpResult(
      validEmpty("NO_FEES_ON_RECORD", "No fees in 12 months.", { resolved_basis: 0 }),
    );
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ resolved_basis: 0 });
    expect(result.content[0]?.text).toMatch(
      /^NO_FEES_ON_RECORD: No fees in 12 months\.\nValid result, not an error/,
    );
  });
});

describe("fromMcpResult", () => {
  it("carries the runs a server already spent (attempts) across the hop, and refuses a malformed count", () => {
    const retried = { ...transientError("STORE_DOWN", "The store did not answer; retry."), attempts: 3 };
    expect(fromMcpResult(toMcpResult(retried))).toEqual(retried);
    expect(JSON.parse(toToolResultBlock("toolu_1", retried).content)).toMatchObject({ attempts: 3 });
    for (const attempts of [0, 1.5, -1, "3"]) {
      expect(isToolOutcome({ ...retried, attempts })).toBe(false);
    }
  });

  it("reads a Keel error back exactly", () => {
    const outcome = transientError("ORDERS_DB_UNREACHABLE", "The database did not answer.", {
      retryAfterMs: 500,
    });
    expect(fromMcpResult(toMcpResult(outcome))).toEqual(outcome);
  });

  it("reads a foreign error as an unclassified UNCLASSIFIED_TOOL_ERROR, never as success", () => {
    const outcome = fromMcpResult({
      content: [{ type: "text", text: "Rate limit exceeded" }],
      isError: true,
    });
    expect(outcome).toEqual({
      kind: "error",
      isError: true,
      category: "unclassified",
      code: "UNCLASSIFIED_TOOL_ERROR",
      message: "Rate limit exceeded",
      retryable: false,
    });
  });

  it("truncates a long foreign error message", () => {
    const outcome = fromMcpResult({ content: [{ type: "text", text: "x".repeat(50_000) }], isError: true });
    expect(outcome.kind === "error" && outcome.message.length).toBeLessThan(1100);
    expect(outcome.kind === "error" && outcome.message.endsWith("[truncated]")).toBe(true);
  });

  it("gives a foreign error without text a message that says so", () => {
    const outcome = fromMcpResult({ content: [], isError: true });
    expect(outcome).toMatchObject({
      code: "UNCLASSIFIED_TOOL_ERROR",
      message: expect.stringContaining("without"),
    });
  });

  it("reads a foreign non-error as a success with its structuredContent", () => {
    const result = { content: [{ type: "text", text: "{}" }], structuredContent: { temperature: 21 } };
    expect(fromMcpResult(result)).toEqual(success({ temperature: 21 }));
  });

  it("reads a foreign non-error without structuredContent as a success with its text, keeping its image", () => {
    const result = {
      content: [
        { type: "text", text: "line one" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "text", text: "line two" },
      ],
    };
    expect(fromMcpResult(result)).toEqual(
      success("line one\nline two", {
        content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } }],
      }),
    );
  });

  it("never turns a result flagged isError into a success, even when its Keel _meta says success", () => {
    const tampered = { ...toMcpResult(success({ refunded: true })), isError: true };
    expect(fromMcpResult(tampered)).toMatchObject({ kind: "error", code: "UNCLASSIFIED_TOOL_ERROR" });
  });

  it("keeps a Keel error an error even when isError is missing", () => {
    const { isError: _ignored, ...withoutFlag } = toMcpResult(businessError("OVER_LIMIT", "Too much."));
    expect(fromMcpResult(withoutFlag)).toMatchObject({
      kind: "error",
      category: "business",
      code: "OVER_LIMIT",
    });
  });

  it("treats a malformed Keel _meta on an error as a foreign error", () => {
    const result = {
      content: [{ type: "text", text: "boom" }],
      isError: true,
      _meta: { [KEEL_META_KEY]: { kind: "error" } },
    };
    expect(fromMcpResult(result)).toMatchObject({ code: "UNCLASSIFIED_TOOL_ERROR", message: "boom" });
  });

  it.each([null, "text", 42, []])("reads the non-result %j as an unclassified error", (value) => {
    expect(fromMcpResult(value)).toMatchObject({ kind: "error", category: "unclassified" });
  });
});
