import { readFileSync } from "node:fs";
import { z } from "zod";
import type { ToolDescription, ToolEffect } from "../types.js";

/** A tool as the router and the linter read it: a name and a structured description. */
export interface DescribedFixture {
  readonly name: string;
  readonly description: ToolDescription;
}

/** A tool described by what it does and only the other parts a test needs; the parts left out are empty. */
export function describedTool(
  name: string,
  parts: Pick<ToolDescription, "does"> & Partial<ToolDescription>,
): DescribedFixture {
  return { name, description: { useWhen: [], doNotUseWhen: [], takes: "", returns: "", ...parts } };
}

/** The order tool of reference 002's headline, whose boundary sends account questions to get_customer. */
export const lookupOrder: DescribedFixture = {
  name: "lookup_order",
  description: {
    does: "Looks up one order by its order number and returns its status, items and shipping",
    useWhen: [
      "the user gives an order number like #12345 or ORD-…",
      "the user asks where an order is, what it contains or when it ships",
    ],
    doNotUseWhen: [
      { when: "the user asks about their account, profile or contact details", useInstead: "get_customer" },
    ],
    takes: "an order number like #12345 or ORD-12345",
    returns:
      "the order's status, items, totals and shipping dates; ORDER_NOT_FOUND when there is no such order",
  },
};

/** The customer tool of the same headline, whose boundary sends anything about an order to lookup_order. */
export const getCustomer: DescribedFixture = {
  name: "get_customer",
  description: {
    does: "Looks up one customer account by email address or customer id",
    useWhen: [
      "the user asks about their account, profile or contact details",
      "the user gives an email address or a customer id like C-…",
    ],
    doNotUseWhen: [
      {
        when: "the request mentions an order or an order number like #12345 or ORD-…",
        useInstead: "lookup_order",
      },
    ],
    takes: "an email address or a customer id like C-1001",
    returns: "the customer's name, email, tier and account status",
  },
};

/** The same two tools described the naive way ("Retrieves X information"): no parts, no boundaries. */
export const naive = [
  { name: "get_customer", description: "Retrieves customer information." },
  { name: "lookup_order", description: "Retrieves order information." },
] as const;

/** A described tool of a fixture domain, with the effect the domain gives it (none: it does not say). */
export interface DomainTool extends DescribedFixture {
  readonly effect?: ToolEffect;
}

const domainToolSchema = z.strictObject({
  name: z.string().min(1),
  effect: z.enum(["read", "write"]).optional(),
  does: z.string().min(1),
  useWhen: z.array(z.string()).default([]),
  doNotUseWhen: z.array(z.strictObject({ when: z.string(), useInstead: z.string().optional() })).default([]),
  takes: z.string().default(""),
  returns: z.string().default(""),
});
const domainsSchema = z.record(
  z.string(),
  z.strictObject({ comment: z.string(), tools: z.array(domainToolSchema).min(1) }),
);

/** The router's and the linter's fixture domains (`__fixtures__/described-tools.json`), validated once. */
const domains = domainsSchema.parse(
  JSON.parse(readFileSync(new URL("./__fixtures__/described-tools.json", import.meta.url), "utf8")),
);

/** The tools of one fixture domain, in the file's order; a part a tool leaves out is empty. */
export function describedDomain(domain: string): readonly DomainTool[] {
  const tools = domains[domain]?.tools;
  if (tools === undefined) throw new Error(`no described-tools domain "${domain}"`);
  return tools.map(({ name, effect, doNotUseWhen, ...parts }) => {
    const description: ToolDescription = {
      ...parts,
      doNotUseWhen: doNotUseWhen.map(({ when, useInstead }) =>
        useInstead === undefined ? { when } : { when, useInstead },
      ),
    };
    return effect === undefined ? { name, description } : { name, description, effect };
  });
}

/** One tool of a fixture domain, by name. */
export function domainTool(domain: string, name: string): DomainTool {
  const tool = describedDomain(domain).find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool "${name}" in the described-tools domain "${domain}"`);
  return tool;
}
