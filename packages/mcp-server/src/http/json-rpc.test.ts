import { describe, expect, it } from "vitest";
import { isJsonRpcPayload } from "./json-rpc.js";

describe("isJsonRpcPayload", () => {
  it("accepts requests, notifications, responses and small batches", () => {
    expect(isJsonRpcPayload({ jsonrpc: "2.0", id: 1, method: "tools/list" })).toBe(true);
    expect(isJsonRpcPayload({ jsonrpc: "2.0", method: "notifications/initialized" })).toBe(true);
    expect(isJsonRpcPayload({ jsonrpc: "2.0", id: "a", result: {} })).toBe(true);
    expect(isJsonRpcPayload({ jsonrpc: "2.0", id: null, error: { code: 1, message: "x" } })).toBe(true);
    expect(isJsonRpcPayload([{ jsonrpc: "2.0", id: 1, method: "ping" }])).toBe(true);
    expect(isJsonRpcPayload({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } })).toBe(
      true,
    );
  });

  it("refuses everything else", () => {
    for (const payload of [
      null,
      1,
      "x",
      {},
      [],
      { id: 1, method: "ping" },
      { jsonrpc: "1.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: {}, method: "ping" },
      { jsonrpc: "2.0", id: 1 },
      [{ jsonrpc: "2.0" }],
      // params that are not an object would be dropped by the SDK unanswered (the exchange would hang)
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: "lookup_order" },
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: ["lookup_order"] },
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: null },
      { jsonrpc: "2.0", method: "notifications/initialized", params: 1 },
    ]) {
      expect(isJsonRpcPayload(payload), JSON.stringify(payload)).toBe(false);
    }
  });
});
