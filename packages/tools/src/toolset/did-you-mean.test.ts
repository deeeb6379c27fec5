import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editDistance, suggestToolName } from "./did-you-mean.js";

const names = ["get_customer_by_email", "get_customer_by_id", "lookup_order", "process_refund"];

describe("suggestToolName", () => {
  it("prefers the same letters under other case and separators over a closer spelling", () => {
    expect(suggestToolName("GetCustomerById", names)).toBe("get_customer_by_id");
  });

  it("finds the same words in another order", () => {
    expect(suggestToolName("refund_process", names)).toBe("process_refund");
  });

  it("finds a small misspelling", () => {
    expect(suggestToolName("proces_refnd", names)).toBe("process_refund");
  });

  it("suggests nothing for an unrelated or empty name", () => {
    expect(suggestToolName("escalate_to_human", names)).toBeNull();
    expect(suggestToolName("", names)).toBeNull();
  });
});

describe("editDistance", () => {
  it("counts an adjacent swap as one edit", () => {
    expect(editDistance("lookup", "lookpu")).toBe(1);
    expect(editDistance("abc", "abc")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

describe("bounded work", () => {
  it("suggests nothing for a name longer than the legal 64 characters", () => {
    expect(suggestToolName(`${"lookup_order".repeat(6)}x`, names)).toBeNull();
    expect(suggestToolName("l".repeat(1_000_000), names)).toBeNull();
  });

  it("stops at the first length difference above the maximum, returning maximum + 1", () => {
    expect(editDistance("a".repeat(1_000_000), "abc", 2)).toBe(3);
  });

  it("stops once every alignment costs more than the maximum", () => {
    expect(editDistance("abcdefghij", "klmnopqrst", 3)).toBe(4);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
  });

  it("agrees with the unbounded distance whenever that is within the maximum (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        fc.nat(14),
        (left, right, maximum) => {
          const exact = editDistance(left, right);
          expect(editDistance(left, right, maximum)).toBe(exact <= maximum ? exact : maximum + 1);
        },
      ),
    );
  });
});
