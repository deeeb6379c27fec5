import { describe, expect, it } from "vitest";
import { formatTraceparent, traceContextFromMeta, traceContextMeta } from "./trace-context.js";

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
const spanId = "00f067aa0ba902b7";

describe("W3C trace context in _meta", () => {
  it("round-trips a sampled context with its tracestate", () => {
    const meta = traceContextMeta({ traceId, spanId, traceFlags: 1, traceState: "vendor=abc" });
    expect(meta).toEqual({ traceparent: `00-${traceId}-${spanId}-01`, tracestate: "vendor=abc" });
    expect(traceContextFromMeta({ ...meta, other: 1 })).toEqual({
      traceId,
      spanId,
      traceFlags: 1,
      traceState: "vendor=abc",
    });
  });

  it("ignores what the W3C rules call invalid: the server starts a new trace", () => {
    for (const traceparent of [
      `00-${"0".repeat(32)}-${spanId}-01`,
      `00-${traceId}-${"0".repeat(16)}-01`,
      `ff-${traceId}-${spanId}-01`,
      `00-${traceId}-${spanId}-01-extra`,
      `00-${traceId.toUpperCase()}-${spanId}-01`,
      "garbage",
    ]) {
      expect(traceContextFromMeta({ traceparent }), traceparent).toBeUndefined();
    }
    expect(traceContextFromMeta(undefined)).toBeUndefined();
    expect(traceContextFromMeta({ traceparent: 42 })).toBeUndefined();
    expect(formatTraceparent({ traceId: "x", spanId, traceFlags: 1 })).toBeUndefined();
  });

  it("accepts a future version's extra fields, and drops an oversized tracestate", () => {
    expect(traceContextFromMeta({ traceparent: `01-${traceId}-${spanId}-00-more` })).toMatchObject({
      traceFlags: 0,
    });
    expect(
      traceContextFromMeta({ traceparent: `00-${traceId}-${spanId}-01`, tracestate: "x".repeat(600) }),
    ).not.toHaveProperty("traceState");
  });
});
