import { describe, expect, it } from "vitest";
import { z } from "zod";
import { domainTool, getCustomer, lookupOrder, naive } from "../description/reference-tools.test-helpers.js";
import naiveFindings from "./__fixtures__/naive-findings.json" with { type: "json" };
import { lintTools } from "./lint-tools.js";

/** The findings of the naive getters, as tool:id:severity (`__fixtures__/naive-findings.json`). */
const NAIVE_FINDINGS = z
  .strictObject({
    comment: z.string(),
    findings: z.array(z.string().regex(/^[a-z_]+:[a-z-]+:(warning|error)$/)),
  })
  .parse(naiveFindings).findings;

function ids(tools: Parameters<typeof lintTools>[0]): string[] {
  return lintTools(tools).map((finding) => `${finding.tool}:${finding.id}:${finding.severity}`);
}

describe("lintTools", () => {
  it("finds nothing in two tools with mutual boundaries and all four parts", () => {
    expect(lintTools([lookupOrder, getCustomer])).toEqual([]);
  });

  it("flags naive 'Retrieves X information' getters as generic, boundary-less and overlapping", () => {
    expect(ids(naive)).toEqual(NAIVE_FINDINGS);
  });

  it("names both tools and the shared words in an overlap finding", () => {
    const overlap = lintTools(naive).find((finding) => finding.id === "overlap-without-boundary");
    expect(overlap?.message).toContain('"get_customer" and "lookup_order"');
    expect(overlap?.message).toContain("(information, retrieves)");
  });

  it("flags a missing 'do NOT use when' only when there is a sibling to confuse it with", () => {
    const alone = { ...lookupOrder, description: { ...lookupOrder.description, doNotUseWhen: [] } };
    expect(ids([alone])).toEqual([]);
    expect(ids([alone, getCustomer])).toContain("lookup_order:missing-do-not-use:warning");
  });

  it("flags a boundary naming a tool that does not exist", () => {
    const typo = {
      ...lookupOrder,
      description: {
        ...lookupOrder.description,
        doNotUseWhen: [{ when: "account questions", useInstead: "get_custmer" }],
      },
    };
    const finding = lintTools([typo, getCustomer]).find((item) => item.id === "unknown-sibling");
    expect(finding).toMatchObject({ tool: "lookup_order", severity: "error" });
    expect(finding?.message).toContain('"get_custmer"');
  });

  it("flags a one-sided boundary on the tool that never names the other back", () => {
    const oneSided = { ...getCustomer, description: { ...getCustomer.description, doNotUseWhen: [] } };
    const findings = lintTools([lookupOrder, oneSided]).filter((item) => item.id === "one-sided-boundary");
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ tool: "get_customer", severity: "warning" });
    expect(findings[0]?.message).toContain('"lookup_order" sends requests to "get_customer"');
  });

  it("flags two tools that accept the same identifier shape without a boundary between them", () => {
    const trackOrder = domainTool("orders", "track_order");
    const findings = lintTools([lookupOrder, trackOrder, getCustomer]).filter(
      (finding) => finding.id === "overlap-without-boundary",
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toContain("identifier hash-number");
  });

  it("suggests the sibling a boundary describes but does not name", () => {
    const unnamed = {
      ...lookupOrder,
      description: {
        ...lookupOrder.description,
        doNotUseWhen: [{ when: "the user gives an email address" }],
      },
    };
    const finding = lintTools([unnamed, getCustomer]).find((item) => item.id === "boundary-without-sibling");
    expect(finding?.message).toContain("— use get_customer instead");
  });

  it("flags an invalid and a duplicate name", () => {
    expect(ids([{ ...lookupOrder, name: "lookup order" }])).toContain("lookup order:name-invalid:error");
    expect(ids([lookupOrder, getCustomer, lookupOrder])).toContain("lookup_order:duplicate-name:error");
  });

  it("flags a description too short to route on", () => {
    expect(ids([{ name: "thing", description: "Does stuff." }])).toContain(
      "thing:generic-description:warning",
    );
  });

  it("reads plain prose descriptions in the reference style", () => {
    const byEmail = {
      name: "get_customer_by_email",
      description:
        "Looks up a customer record. Use for INITIAL lookup when you only have the email address. " +
        "Do NOT use if you already have the customer_id — use get_customer_by_id instead.",
    };
    const byId = {
      name: "get_customer_by_id",
      description:
        "Looks up a customer record by id. Use ONLY when you already have the customer_id from a previous step. " +
        "Do NOT use when you only have an email address — use get_customer_by_email instead.",
    };
    expect(ids([byEmail, byId])).toEqual([
      "get_customer_by_email:missing-takes:warning",
      "get_customer_by_email:missing-returns:warning",
      "get_customer_by_id:missing-takes:warning",
      "get_customer_by_id:missing-returns:warning",
    ]);
  });
});
