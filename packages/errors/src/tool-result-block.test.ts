import { describe, expect, it } from "vitest";
import { businessError, success, transientError, validEmpty } from "./builders.js";
import { fromToolResultBlock, toToolResultBlock } from "./tool-result-block.js";

describe("toToolResultBlock", () => {
  it("writes success data as JSON without is_error", () => {
    expect(toToolResultBlock("toolu_1", success({ status: "shipped" }))).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: '{"status":"shipped"}',
    });
  });

  it("writes a string that is not JSON as it is, for readability", () => {
    expect(toToolResultBlock("toolu_1", success("Shipped on May 1.")).content).toBe("Shipped on May 1.");
  });

  it("quotes a string that would otherwise parse as JSON", () => {
    expect(toToolResultBlock("toolu_1", success("42")).content).toBe('"42"');
  });

  it("writes an error as a readable JSON envelope with guidance and is_error", () => {
    const block = toToolResultBlock(
      "toolu_2",
      businessError("ALREADY_REFUNDED", "Order ORD-1 was refunded already."),
    );
    expect(block.is_error).toBe(true);
    expect(JSON.parse(block.content)).toEqual({
      kind: "error",
      isError: true,
      category: "business",
      code: "ALREADY_REFUNDED",
      retryable: false,
      message: "Order ORD-1 was refunded already.",
      guidance: expect.stringContaining("Do not retry; escalate or change plan."),
    });
  });

  it("writes a valid empty as an envelope that says it is not an error", () => {
    const block = toToolResultBlock("toolu_3", validEmpty("ORDER_NOT_FOUND", "No order #12345 exists."));
    expect(block.is_error).toBeUndefined();
    expect(JSON.parse(block.content)).toMatchObject({
      kind: "empty",
      code: "ORDER_NOT_FOUND",
      guidance: expect.stringContaining("not an error"),
    });
  });

  it("wraps success data that looks like an envelope, so it is not mistaken for an error", () => {
    const data = { kind: "error", code: "X", message: "a field called kind" };
    const block = toToolResultBlock("toolu_4", success(data));
    expect(JSON.parse(block.content as string)).toEqual({ kind: "success", isError: false, data });
    expect(fromToolResultBlock(block).outcome).toEqual(success(data));
  });
});

describe("fromToolResultBlock", () => {
  it("reads a Keel error back with its tool_use_id", () => {
    const outcome = transientError("ORDERS_DB_UNREACHABLE", "No answer.", { retryAfterMs: 250 });
    expect(fromToolResultBlock(toToolResultBlock("toolu_5", outcome))).toEqual({
      toolUseId: "toolu_5",
      outcome,
    });
  });

  it("reads content given as an array of text blocks", () => {
    const outcome = businessError("OVER_LIMIT", "Too much.");
    const { content, ...rest } = toToolResultBlock("toolu_6", outcome);
    expect(fromToolResultBlock({ ...rest, content: [{ type: "text", text: content }] }).outcome).toEqual(
      outcome,
    );
  });

  it("reads a foreign plain-text error as an unclassified error", () => {
    const parsed = fromToolResultBlock({
      tool_use_id: "toolu_7",
      content: "Error: something broke",
      is_error: true,
    });
    expect(parsed.outcome).toMatchObject({
      category: "unclassified",
      code: "UNCLASSIFIED_TOOL_ERROR",
      message: "Error: something broke",
      retryable: false,
    });
  });

  it("reads a foreign plain-text result as a success with the text", () => {
    const parsed = fromToolResultBlock({
      tool_use_id: "toolu_8",
      content: [{ type: "text", text: "All good." }],
    });
    expect(parsed.outcome).toEqual(success("All good."));
  });

  it("reads a block without content as a success with empty text", () => {
    expect(fromToolResultBlock({ tool_use_id: "toolu_9" }).outcome).toEqual(success(""));
  });

  it("never reads a success envelope flagged is_error as a success", () => {
    const block = {
      ...toToolResultBlock("toolu_10", validEmpty("ORDER_NOT_FOUND", "None.")),
      is_error: true,
    };
    expect(fromToolResultBlock(block).outcome).toMatchObject({
      kind: "error",
      code: "UNCLASSIFIED_TOOL_ERROR",
    });
  });

  it("keeps content that claims to be a malformed error an error, even without is_error", () => {
    const parsed = fromToolResultBlock({
      tool_use_id: "toolu_11",
      content: '{"kind":"error","message":"x"}',
    });
    expect(parsed.outcome).toMatchObject({ kind: "error", code: "UNCLASSIFIED_TOOL_ERROR" });
  });
});
