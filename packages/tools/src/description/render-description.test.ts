import { describe, expect, it } from "vitest";
import { renderDescription } from "./render-description.js";

const description = {
  does: "Looks up one order by its order number",
  useWhen: ["the user gives an order number like #12345 or ORD-…", "the user asks where an order is."],
  doNotUseWhen: [
    { when: "the user asks about their account", useInstead: "get_customer" },
    { when: "the user only wants to chat" },
  ],
  takes: "an order number like #12345",
  returns: "the order's status and items; ORDER_NOT_FOUND when there is none",
};

describe("renderDescription", () => {
  it("renders the four parts into one string with labelled sections", () => {
    expect(renderDescription(description)).toBe(
      [
        "Looks up one order by its order number.",
        "",
        "Use when:",
        "- the user gives an order number like #12345 or ORD-…",
        "- the user asks where an order is",
        "",
        "Do NOT use when:",
        "- the user asks about their account — use get_customer instead.",
        "- the user only wants to chat.",
        "",
        "Takes: an order number like #12345.",
        "Returns: the order's status and items; ORDER_NOT_FOUND when there is none.",
      ].join("\n"),
    );
  });

  it("is stable: the same description renders to the same bytes every time", () => {
    expect(renderDescription({ ...description })).toBe(renderDescription(description));
  });

  it("leaves out empty parts instead of rendering empty sections", () => {
    const rendered = renderDescription({
      does: "Says hello.",
      useWhen: [],
      doNotUseWhen: [],
      takes: "",
      returns: " ",
    });
    expect(rendered).toBe("Says hello.");
  });

  it("keeps an ellipsis written with three dots", () => {
    const rendered = renderDescription({ ...description, useWhen: ["the user gives an id like ORD-..."] });
    expect(rendered).toContain("- the user gives an id like ORD-...\n");
  });

  it("returns a plain string description trimmed and otherwise untouched", () => {
    expect(renderDescription("  Retrieves order information.\n")).toBe("Retrieves order information.");
  });
});
