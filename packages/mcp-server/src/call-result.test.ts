import {
  businessError,
  fromMcpResult,
  success,
  type ToolOutcome,
  transientError,
  validationError,
  validEmpty,
} from "@keel/errors";
import { EMPTY_MEANING, redirectedOutcome } from "@keel/errors/internal";
import { KEEL_META_KEY } from "@keel/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCallToolResult } from "./call-result.js";

const json = fc.jsonValue({ maxDepth: 2 });
const code = fc.stringMatching(/^[A-Z]{2,8}(_[A-Z]{2,8}){0,2}$/);
const message = fc.stringMatching(/^[A-Za-z][A-Za-z .:]{0,40}$/);
const outcomes: fc.Arbitrary<ToolOutcome> = fc.oneof(
  json.map((data) => success(data)),
  fc
    .tuple(code, message, fc.option(json, { nil: undefined }))
    .map(([c, message, data]) => validEmpty(c, message, data)),
  fc.tuple(code, message).map(([c, message]) => transientError(c, message, { retryAfterMs: 250 })),
  fc.tuple(code, message).map(([c, message]) => businessError(c, message)),
);

const aboveTheLimit = {
  requested: "process_refund",
  executed: "escalate_to_human",
  reason: "above the limit",
};

describe("toCallToolResult", () => {
  it("reads back to the same outcome through fromMcpResult (a data-less empty with data null)", () => {
    fc.assert(
      fc.property(outcomes, (outcome) => {
        const wire = JSON.parse(JSON.stringify(toCallToolResult(outcome)));
        const expected =
          outcome.kind === "empty" && outcome.data === undefined ? { ...outcome, data: null } : outcome;
        expect(fromMcpResult(wire)).toEqual(JSON.parse(JSON.stringify(expected)));
      }),
    );
  });

  it("gives every non-error outcome an object structuredContent and no error one", () => {
    fc.assert(
      fc.property(outcomes, (outcome) => {
        const result = toCallToolResult(outcome);
        if (outcome.isError) expect(result.structuredContent).toBeUndefined();
        else expect(typeof result.structuredContent).toBe("object");
      }),
    );
  });

  it("puts a valid empty's code and message in structuredContent, for clients that show only that", () => {
    const result = toCallToolResult(
      validEmpty("ORDER_NOT_FOUND", "We looked: no order ORD-9.", { order_id: "ORD-9" }),
    );
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({
      outcome: "empty",
      code: "ORDER_NOT_FOUND",
      message: "We looked: no order ORD-9.",
      meaning: EMPTY_MEANING,
      data: { order_id: "ORD-9" },
    });
  });

  it("keeps an error's category in _meta and its code and guidance in the text", () => {
    const result = toCallToolResult(
      validationError("INVALID_ORDER_ID", "Not an order id.", { details: { field: "order_id" } }),
    );
    expect(result._meta[KEEL_META_KEY]).toMatchObject({ category: "validation", code: "INVALID_ORDER_ID" });
    expect(result.content[0]?.text).toContain('fix "order_id" first');
  });

  it("wraps a redirected success so it says which tool really ran", () => {
    const result = toCallToolResult(redirectedOutcome(success({ ticket_id: "T-1" }), aboveTheLimit));
    expect(result.structuredContent).toMatchObject({
      outcome: "redirected",
      requested_tool: "process_refund",
      executed_tool: "escalate_to_human",
      result: { ticket_id: "T-1" },
    });
    expect(result.content[0]?.text).toContain("was NOT run");
  });

  it("names the redirect in the message of a redirected error", () => {
    const result = toCallToolResult(
      redirectedOutcome(transientError("TICKETS_UNAVAILABLE", "The ticket store is down."), aboveTheLimit),
    );
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('"process_refund" was not run (above the limit)');
    expect(result._meta[KEEL_META_KEY]).toMatchObject({ details: { redirected_from: "process_refund" } });
  });
});
