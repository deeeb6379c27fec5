import { describe, expect, it } from "vitest";
import { parseDescription } from "./parse-description.js";
import { renderDescription } from "./render-description.js";

describe("parseDescription", () => {
  it("reads a rendered four-part description back into its parts", () => {
    const text = renderDescription({
      does: "Looks up one order",
      useWhen: ["the user gives an order number", "the user asks where an order is"],
      doNotUseWhen: [{ when: "the user asks about their account", useInstead: "get_customer" }],
      takes: "an order number",
      returns: "the order",
    });
    expect(parseDescription(text)).toEqual({
      does: ["Looks up one order."],
      useWhen: ["the user gives an order number", "the user asks where an order is"],
      doNotUseWhen: [{ text: "the user asks about their account", useInstead: "get_customer" }],
      takes: ["an order number."],
      returns: ["the order."],
    });
  });

  it("classifies the sentences of free prose by how they start", () => {
    const parsed = parseDescription(
      "Gets a customer record. Use for INITIAL lookup when you only have the email address. " +
        "Do NOT use if you already have the customer_id — use get_customer_by_id instead.",
    );
    expect(parsed.does).toEqual(["Gets a customer record."]);
    expect(parsed.useWhen).toEqual(["Use for INITIAL lookup when you only have the email address."]);
    expect(parsed.doNotUseWhen).toEqual([
      { text: "Do NOT use if you already have the customer_id", useInstead: "get_customer_by_id" },
    ]);
  });

  it("finds a sibling named as 'see tool X'", () => {
    const parsed = parseDescription("Do NOT use for refunds. See tool refunds for that case.");
    expect(parsed.doNotUseWhen).toHaveLength(1);
    expect(
      parseDescription("Never use it for refunds; see tool issue_refund for that case.").doNotUseWhen,
    ).toEqual([{ text: "Never use it for refunds;", useInstead: "issue_refund" }]);
  });

  it("records a boundary that names no sibling with useInstead null", () => {
    expect(parseDescription("Do NOT use when the user is just chatting.").doNotUseWhen).toEqual([
      { text: "Do NOT use when the user is just chatting.", useInstead: null },
    ]);
  });

  it("does not mistake a hyphenated word for a sibling name", () => {
    expect(
      parseDescription("Do NOT use for e-mail follow-up questions.").doNotUseWhen[0]?.useInstead,
    ).toBeNull();
  });
});
