import { idempotencyKey } from "@keel/tool-call";
import { IDEMPOTENCY_META_KEY } from "@keel/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idempotencyKeyFor } from "./idempotency.js";

describe("idempotency keys", () => {
  it("derive the same key from the same input whatever the key order", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (input) => {
        const reversed = Object.fromEntries(Object.entries(input).reverse());
        expect(idempotencyKeyFor("tool", reversed, undefined)).toBe(
          idempotencyKeyFor("tool", input, undefined),
        );
      }),
    );
  });

  it("are @keel/tool-call's idempotencyKey in one server-wide scope, the same on every connection", () => {
    expect(idempotencyKeyFor("process_refund", { amount: 5 }, undefined)).toBe(
      idempotencyKey("mcp-server", "process_refund", { amount: 5 }),
    );
  });

  it("differ between tools and between inputs", () => {
    const key = idempotencyKeyFor("process_refund", { amount: 5 }, undefined);
    expect(idempotencyKeyFor("escalate_to_human", { amount: 5 }, undefined)).not.toBe(key);
    expect(idempotencyKeyFor("process_refund", { amount: 6 }, undefined)).not.toBe(key);
  });

  it("use the client's key, scoped to the tool, when _meta carries one", () => {
    const meta = { [IDEMPOTENCY_META_KEY]: "order-42-refund" };
    expect(idempotencyKeyFor("process_refund", { amount: 5 }, meta)).toBe(
      "mcp:process_refund:key:order-42-refund",
    );
    expect(idempotencyKeyFor("process_refund", { amount: 9 }, meta)).toBe(
      "mcp:process_refund:key:order-42-refund",
    );
  });

  it("refuse a client key that is empty, too long, spaced or not a string", () => {
    for (const bad of ["", "a b", "x".repeat(201), 42, null]) {
      expect(idempotencyKeyFor("t", {}, { [IDEMPOTENCY_META_KEY]: bad })).toBeUndefined();
    }
  });
});
