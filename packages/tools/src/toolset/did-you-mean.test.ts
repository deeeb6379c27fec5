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
