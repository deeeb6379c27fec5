import { success, validationError, validEmpty } from "@keel/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HookConfigError } from "../hook-config-error.js";
import { makeCall, makeContext } from "../hook-context.test-helpers.js";
import { runPostHooks } from "../run-post-hooks.js";
import type { PostToolHook } from "../types.js";
import { trimKeys } from "./trim-keys.js";

const call = makeCall("get_customer_by_id", { customer_id: "C-1" });
const trim = async (data: unknown, hook: PostToolHook) => {
  const outcome = await runPostHooks([hook], call, success(data), makeContext());
  return outcome.kind === "success" ? outcome.data : outcome;
};

/** A record with `count` keys k0, k1, ... */
const record = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]));

describe("trimKeys", () => {
  it("keeps the first N keys in original order and says how many were dropped", async () => {
    expect(await trim(record(5), trimKeys({ max: 3 }))).toEqual({ k0: 0, k1: 1, k2: 2, _trimmed: 2 });
  });

  it("keeps keep-list keys first, then fills up in original order, preserving the original order", async () => {
    const customer = {
      audit_id: "a1",
      internal_flags: 0,
      email: "ada@example.com",
      id: "C-1",
      tier: "gold",
      status: "active",
    };
    const hook = trimKeys({ max: 3, keep: ["id", "status"] });
    const trimmed = await trim(customer, hook);
    expect(trimmed).toEqual({ audit_id: "a1", id: "C-1", status: "active", _trimmed: 3 });
    expect(Object.keys(trimmed as object)).toEqual(["audit_id", "id", "status", "_trimmed"]);
  });

  it("honours max even when more keep-list keys are present, by keep-list priority", async () => {
    const hook = trimKeys({ max: 2, keep: ["c", "a", "b"] });
    expect(await trim({ a: 1, b: 2, c: 3, d: 4 }, hook)).toEqual({ a: 1, c: 3, _trimmed: 2 });
  });

  it("trims every object at any depth, through arrays", async () => {
    const data = { orders: [record(4), record(2)], meta: { nested: record(3) } };
    expect(await trim(data, trimKeys({ max: 2 }))).toEqual({
      orders: [{ k0: 0, k1: 1, _trimmed: 2 }, record(2)],
      meta: { nested: { k0: 0, k1: 1, _trimmed: 1 } },
    });
  });

  it("leaves objects at the limit untouched, keeping the same outcome object", async () => {
    const outcome = success({ a: 1, b: { c: 2 } });
    expect(await runPostHooks([trimKeys({ max: 2 })], call, outcome, makeContext())).toBe(outcome);
  });

  it("is deterministic and idempotent: trimming twice equals trimming once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.string({ maxLength: 6 }),
          fc.oneof(fc.integer(), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer())),
          { maxKeys: 12 },
        ),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 4 }),
        async (data, max, keep) => {
          const hook = trimKeys({ max, keep });
          const once = await trim(data, hook);
          expect(await trim(data, hook)).toEqual(once);
          expect(await trim(once, hook)).toEqual(once);
          const keys = Object.keys(once as object).filter((key) => key !== "_trimmed");
          expect(keys.length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  it("adds to an earlier _trimmed count and counts a foreign _trimmed value as dropped", async () => {
    expect(await trim({ a: 1, b: 2, c: 3, _trimmed: 4 }, trimKeys({ max: 2 }))).toEqual({
      a: 1,
      b: 2,
      _trimmed: 5,
    });
    expect(await trim({ a: 1, b: 2, c: 3, _trimmed: "mine" }, trimKeys({ max: 2 }))).toEqual({
      a: 1,
      b: 2,
      _trimmed: 2,
    });
  });

  it("keeps a __proto__ key as plain data", async () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}, "a": 1, "b": 2}');
    const trimmed = (await trim(data, trimKeys({ max: 2 }))) as Record<string, unknown>;
    expect(Object.getPrototypeOf(trimmed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(trimmed)).toEqual(["__proto__", "a", "_trimmed"]);
  });

  it("trims the data of a valid-empty outcome and never an error's details", async () => {
    const empty = validEmpty("NO_ORDERS", "No orders found.", record(3));
    const error = validationError("INVALID_INPUT", "Bad input.", { details: record(3) });
    expect(await runPostHooks([trimKeys({ max: 1 })], call, empty, makeContext())).toMatchObject({
      data: { k0: 0, _trimmed: 2 },
    });
    expect(await runPostHooks([trimKeys({ max: 1 })], call, error, makeContext())).toBe(error);
  });

  it.each([0, -1, 1.5, Number.NaN])("rejects max %s", (max) => {
    expect(() => trimKeys({ max })).toThrow(HookConfigError);
  });
});
