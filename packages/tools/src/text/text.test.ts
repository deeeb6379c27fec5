import { describe, expect, it } from "vitest";
import { z } from "zod";
import stems from "./__fixtures__/stems.json" with { type: "json" };
import { extractDeclaredShapes, extractIdentifiers } from "./identifiers.js";
import { stem } from "./stem.js";
import { contentTerms } from "./terms.js";

/** Word → the stem the router compares (`__fixtures__/stems.json`). */
const STEMS = z.array(z.tuple([z.string(), z.string()])).parse(stems);

describe("stem", () => {
  it.each(STEMS)("stems %s to %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe("contentTerms", () => {
  it("drops generic words and numbers, splits snake_case and camelCase, and deduplicates by stem", () => {
    expect(
      contentTerms("Please check the status of my orders and order_id lookupOrder 42").map(
        (term) => term.surface,
      ),
    ).toEqual(["check", "status", "orders", "id", "lookup"]);
  });
});

describe("extractIdentifiers", () => {
  it("finds emails, #numbers, prefixed ids and long numbers, in the order written", () => {
    const { identifiers, rest } = extractIdentifiers(
      "ORD-77 for ann@example.com, ticket #123, C-1001, ref 9988776",
    );
    expect(identifiers).toEqual([
      { shape: "prefixed:ORD", text: "ORD-77" },
      { shape: "email", text: "ann@example.com" },
      { shape: "hash-number", text: "#123" },
      { shape: "prefixed:C", text: "C-1001" },
      { shape: "long-number", text: "9988776" },
    ]);
    expect(rest).not.toMatch(/\d/);
  });

  it("does not take hyphenated words or short numbers for identifiers", () => {
    expect(extractIdentifiers("a follow-up e-mail about 3 items in 2024").identifiers).toEqual([]);
  });
});

describe("extractDeclaredShapes", () => {
  it("reads examples and the word email as declarations", () => {
    const { shapes } = extractDeclaredShapes(
      "an order number like #12345 or ORD-…, a customer id like C-1001, or an email",
    );
    expect([...shapes].sort()).toEqual(["email", "hash-number", "prefixed:C", "prefixed:ORD"]);
  });

  it("accepts ... and placeholder forms of an example", () => {
    expect([...extractDeclaredShapes("ids like INV-... or INV-XXXX or #…").shapes].sort()).toEqual([
      "hash-number",
      "prefixed:INV",
    ]);
  });
});
