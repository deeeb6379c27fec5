import { success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../definition/define-tool.js";
import { toAnthropicTool } from "../definition/tool-definitions.js";
import {
  describedTool,
  domainTool,
  getCustomer,
  lookupOrder,
  naive,
} from "../description/reference-tools.test-helpers.js";
import { renderDescription } from "../description/render-description.js";
import { route } from "./route.js";
import { expectRoutingIgnoresNamesAndOrder } from "./route.test-helpers.js";

const boundaried = [getCustomer, lookupOrder];

describe("route: the headline of reference 002", () => {
  it("sends 'check order #12345 status' to the order tool when the descriptions carry boundaries", () => {
    const result = route("check order #12345 status", boundaried);
    expect(result.tool).toBe("lookup_order");
    expect(result.ambiguous).toBeNull();
    expect(result.terms).toEqual(["order", "#12345"]);
  });

  it("rules the customer tool out by its do-NOT-use boundary and points to the order tool", () => {
    const result = route("check order #12345 status", boundaried);
    expect(result.disqualified).toEqual([
      { tool: "get_customer", terms: ["order", "#12345"], useInstead: "lookup_order" },
    ]);
    expect(result.scores.get_customer).toBe(0);
  });

  it("finds the same request AMBIGUOUS between naive 'Retrieves X information' getters", () => {
    const result = route("check order #12345 status", naive);
    expect(result.tool).toBeNull();
    expect(result.ambiguous).toEqual(["get_customer", "lookup_order"]);
    expect(result.reason).toMatch(/^AMBIGUOUS/);
  });
});

const byEmail = domainTool("accounts", "find_account_by_email");
const byId = domainTool("accounts", "get_account");

describe("route: identifiers declared generically", () => {
  it("sends an email address to the tool that takes an email address", () => {
    const result = route("can you pull up jane.doe+shop@example.co.uk please", [byId, byEmail]);
    expect(result.tool).toBe("find_account_by_email");
    expect(result.terms).toContain("jane.doe+shop@example.co.uk");
  });

  it("sends a prefixed id to the tool that declares that prefix", () => {
    const result = route("what is on C-1001?", [byId, byEmail]);
    expect(result.tool).toBe("get_account");
    expect(result.disqualified).toEqual([
      { tool: "find_account_by_email", terms: ["C-1001"], useInstead: "get_account" },
    ]);
  });

  it("does not match an id whose prefix the description does not declare", () => {
    expect(route("what is on X-1001?", [byId, byEmail]).tool).toBeNull();
  });

  it("matches ORD-… and a bare long number to a description that declares #12345 or ORD-…", () => {
    expect(route("where is ORD-77812", boundaried).tool).toBe("lookup_order");
    expect(route("where is 99812345", boundaried).tool).toBe("lookup_order");
  });

  it("ignores identifiers a description only mentions in what it returns", () => {
    const withEmail = describedTool("list_orders", {
      does: lookupOrder.description.does,
      useWhen: ["the user wants a list"],
      returns: "orders with the email",
    });
    expect(route("jane@example.com", [withEmail]).tool).toBeNull();
  });
});

describe("route: boundaries", () => {
  const searchOrders = domainTool("orders", "search_orders");
  const lookup = {
    name: "lookup_order",
    description: {
      ...lookupOrder.description,
      doNotUseWhen: [{ when: "the user wants to search or list orders", useInstead: "search_orders" }],
    },
  };

  it("disqualifies a tool whose do-NOT-use clause matches and points to the sibling it names", () => {
    const result = route("find order #12345", [searchOrders, lookup]);
    expect(result.tool).toBe("lookup_order");
    expect(result.disqualified).toEqual([
      { tool: "search_orders", terms: ["order", "#12345"], useInstead: "lookup_order" },
    ]);
    expect(result.reason).toContain("search_orders is ruled out by its do-NOT-use boundary");
  });

  it("keeps a tool whose boundary matches only words its own use-when also claims, and more", () => {
    const result = route("where is order #12345", [searchOrders, lookup]);
    expect(result.tool).toBe("lookup_order");
    expect(result.disqualified.map((entry) => entry.tool)).toEqual(["search_orders"]);
  });

  it("sends a listing request to the search tool through the lookup tool's boundary", () => {
    const result = route("list orders from last week", [searchOrders, lookup]);
    expect(result.tool).toBe("search_orders");
    expect(result.disqualified).toEqual([
      { tool: "lookup_order", terms: ["list", "orders"], useInstead: "search_orders" },
    ]);
  });

  it("routes to the named sibling even when the sibling's own description says nothing", () => {
    const silent = describedTool("lookup_order", { does: "Reads an order" });
    const result = route("find order #12345", [searchOrders, silent]);
    expect(result.tool).toBe("lookup_order");
    expect(result.reason).toContain("a sibling's boundary sends it here");
  });

  it("settles two tools that send the request to each other by the stronger boundary match", () => {
    const idOnly = { name: "lookup_order", description: { ...lookup.description, useWhen: [] } };
    const result = route("find order #12345", [searchOrders, idOnly]);
    expect(result.tool).toBe("lookup_order");
    expect(result.disqualified.map((entry) => entry.tool)).toEqual(["search_orders"]);
  });

  it("returns AMBIGUOUS with the tied names when two tools claim the request equally", () => {
    const twin = { name: "lookup_order_copy", description: lookupOrder.description };
    const result = route("order #12345", [lookupOrder, twin]);
    expect(result).toMatchObject({ tool: null, ambiguous: ["lookup_order", "lookup_order_copy"] });
    expect(result.scores).toEqual({ lookup_order: 3, lookup_order_copy: 3 });
  });
});

describe("route: nothing to route", () => {
  it("returns none for a request no description speaks to", () => {
    const result = route("what's the weather in Paris tomorrow?", boundaried);
    expect(result).toMatchObject({ tool: null, ambiguous: null, terms: [] });
    expect(result.reason).toMatch(/^No tool/);
  });

  it("returns none for an unrelated request among naive getters too", () => {
    expect(route("what's the weather in Paris tomorrow?", naive)).toMatchObject({
      tool: null,
      ambiguous: null,
    });
  });

  it("returns none for an empty tool list", () => {
    expect(route("check order #12345 status", [])).toMatchObject({ tool: null, ambiguous: null, scores: {} });
  });

  it("sends a request to a lone catch-all when nothing claims it", () => {
    const result = route("order status", [naive[1], byId]);
    expect(result.tool).toBe("lookup_order");
    expect(result.reason).toContain("catch-all");
  });
});

describe("route: uniform, tool-agnostic, deterministic", () => {
  it("routes a defined tool, its Anthropic definition and its rendered string the same way", () => {
    const tools = [lookupOrder, getCustomer].map((tool) =>
      defineTool({ ...tool, input: z.object({}), effect: "read", handler: () => success(null) }),
    );
    const anthropic = tools.map(toAnthropicTool);
    const rendered = tools.map((tool) => ({
      name: tool.name,
      description: renderDescription(tool.description),
    }));
    for (const surface of [tools, anthropic, rendered]) {
      expect(route("check order #12345 status", surface).tool).toBe("lookup_order");
    }
  });

  it("reads free prose in the reference style", () => {
    const prose = [
      {
        name: "get_customer_by_email",
        description:
          "Gets a customer record. Use for INITIAL lookup when you only have the email address. " +
          "Do NOT use if you already have the customer_id — use get_customer_by_id instead.",
      },
      {
        name: "get_customer_by_id",
        description:
          "Gets a customer record by id. Use ONLY when you already have the customer_id from a previous step. " +
          "Do NOT use when you only have an email address — use get_customer_by_email instead.",
      },
    ];
    expect(route("look up sam@example.com", prose).tool).toBe("get_customer_by_email");
    expect(route("show customer C-1001", prose).tool).toBe("get_customer_by_id");
  });

  it("does not depend on the tools' names: renaming them renames the answer (property)", () => {
    expectRoutingIgnoresNamesAndOrder([getCustomer, lookupOrder], {
      "check order #12345 status": "lookup_order",
      "update my account email": "get_customer",
    });
  });

  it("gives the same answer whatever the order of the tools", () => {
    const forward = route("check order #12345 status", boundaried);
    const backward = route("check order #12345 status", [...boundaried].reverse());
    expect(backward.tool).toBe(forward.tool);
    expect(backward.terms).toEqual(forward.terms);
    expect(route("check order #12345 status", [...naive].reverse()).ambiguous).toEqual([
      "get_customer",
      "lookup_order",
    ]);
  });
});
