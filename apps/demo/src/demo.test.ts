import type { ProcessRun } from "@keel/testkit/process";
import { beforeAll, describe, expect, it } from "vitest";
import { runBuiltDemo } from "./built-demo.test-helpers.js";
import type { toJsonSummary } from "./render/render-json.js";

type Summary = ReturnType<typeof toJsonSummary>;

describe("the built demo", () => {
  let text: ProcessRun;
  let again: ProcessRun;
  let json: ProcessRun;
  let summary: Summary;

  beforeAll(async () => {
    [text, again, json] = await Promise.all([runBuiltDemo(), runBuiltDemo(), runBuiltDemo(["--json"])]);
    summary = JSON.parse(json.stdout) as Summary;
  }, 300_000);

  /** An open ticket of `category` holding the process_refund of `amount` on `order_id`. */
  const ticketHolding = (category: string, order_id: string, amount: number) =>
    expect.objectContaining({
      category,
      pendingRequest: { tool: "process_refund", input: expect.objectContaining({ order_id, amount }) },
    });

  const scenario = (name: string) => {
    const found = summary.scenarios.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no scenario ${name} in the summary`);
    return found;
  };

  it("exits 0 with every check passed, in text and in JSON", () => {
    expect(text.stderr).toBe("");
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/✓ all \d+ checks passed\n$/);
    expect(json.code).toBe(0);
    expect(summary.ok).toBe(true);
    expect(summary.checks.failed).toBe(0);
    expect(summary.checks.total).toBeGreaterThanOrEqual(30);
  });

  it("prints the SIMULATION banner first and no colour codes when stdout is not a terminal", () => {
    expect(text.stdout.startsWith("SIMULATION  scripted Messages API responses")).toBe(true);
    expect(text.stdout).not.toContain("\u001b[");
    expect(summary.mode).toBe("SIMULATION");
  });

  it("prints the same bytes on every run", () => {
    expect(again.stdout).toBe(text.stdout);
  });

  it("processes the $50 refund: one new refund row for ORD-1001 in the store", () => {
    const refund = scenario("low-value-refund").toolCalls.find((call) => call.requested === "process_refund");
    expect(refund).toMatchObject({ decision: "allow", executed: "process_refund", isError: false });
    expect(summary.store?.refunds).toContainEqual(
      expect.objectContaining({ orderId: "ORD-1001", amount: 50 }),
    );
    expect(text.stdout).toContain("outcome  ok · refund R-1001 · $50.00 paid for ORD-1001");
  });

  it("never executes process_refund for $750: the hook redirects it and the store holds a ticket, no refund", () => {
    const calls = scenario("high-value-refund").toolCalls;
    expect(calls.find((call) => call.requested === "process_refund")).toMatchObject({
      decision: "redirect",
      hook: "refund-limit",
      executed: "escalate_to_human",
    });
    expect(calls.some((call) => call.executed === "process_refund")).toBe(false);
    expect(summary.store?.refunds.some((refund) => refund.orderId === "ORD-1002")).toBe(false);
    expect(summary.store?.openTickets).toContainEqual(ticketHolding("refund_over_limit", "ORD-1002", 750));
    expect(text.stdout).toContain("redirect by refund-limit · process_refund never runs → escalate_to_human");
  });

  it("escalates the multi-intent request at once, bundling the pending refund", () => {
    expect(scenario("multi-intent").toolCalls.map((call) => call.requested)).toEqual([
      "get_customer_by_email",
      "escalate_to_human",
    ]);
    expect(summary.store?.openTickets).toContainEqual(ticketHolding("customer_request", "ORD-1001", 50));
  });

  it("routes the request to lookup_order with boundaries and AMBIGUOUS with naive getters", () => {
    expect(summary.routing?.withBoundaries?.tool).toBe("lookup_order");
    expect(summary.routing?.overMcp?.tool).toBe("lookup_order");
    expect(summary.routing?.naive).toMatchObject({ tool: null, ambiguous: ["get_customer", "lookup_order"] });
    expect(text.stdout).toContain("with mutual boundaries  -> lookup_order\n");
    expect(text.stdout).toContain(
      "with naive getters      -> AMBIGUOUS (ambiguous between get_customer, lookup_order)\n",
    );
  });

  it("shows the four error categories with isError, category, retryable and code", () => {
    const rows = summary.errorCategories?.map((row) => [
      row.label,
      row.isError,
      row.category,
      row.retryable,
      row.code,
    ]);
    expect(rows).toEqual([
      ["transient", true, "transient", true, "ORDERS_UPSTREAM_TIMEOUT"],
      ["validation", true, "validation", true, "INVALID_ORDER_ID"],
      ["business", true, "business", false, "ALREADY_REFUNDED"],
      ["permission", true, "permission", false, "REFUND_FORBIDDEN"],
    ]);
    expect(text.stdout).toMatch(
      /^business +isError=true +category=business +retryable=false +code=ALREADY_REFUNDED/m,
    );
  });

  it("tells an absent order (valid empty) from an unreachable database (transient error)", () => {
    expect(summary.accessVsEmpty?.map((row) => [row.isError, row.category, row.retryable, row.code])).toEqual(
      [
        [false, null, false, "ORDER_NOT_FOUND"],
        [true, "transient", true, "ORDERS_DB_UNREACHABLE"],
      ],
    );
    expect(text.stdout).toMatch(
      /^order absent +isError=false +category=None +retryable=false +code=ORDER_NOT_FOUND/m,
    );
  });

  it("holds the $750 refund for a person, resumes on approval and pays it once (a second approval pays nothing)", () => {
    expect(summary.approval).toMatchObject({
      heldStatus: "awaiting_approval",
      held: { tool: "process_refund", input: { amount: 750 } },
      decision: "approved: checked",
      repeatedStatus: "completed",
      refundsPaid: 1,
    });
    expect(String(summary.approval?.answer)).toMatch(/approved your refund: refund \S+ of \$750\.00/);
    expect(text.stdout).toMatch(/^ +paid +once$/m);
  });

  it("answers a genuine zero cap basis and escalates when the fee service is down", () => {
    expect(summary.capBasis?.rows.map((row) => [row.code, row.resolvedBasis])).toEqual([
      ["NO_FEES_ON_RECORD", 0],
      ["FEE_SERVICE_UNREACHABLE", null],
    ]);
    expect(summary.capBasis?.coordinator.map((row) => row.decision)).toEqual(["answer", "retry", "escalate"]);
    expect(summary.capBasis?.decision).toBe("escalate");
    expect(text.stdout).toMatch(/fee svc down +attempt 2\/2 -> escalate/);
    expect(text.stdout).toContain("resolved_basis=NONE");
  });

  it("goes through the Keel MCP server over stdio", () => {
    expect(summary.mcp.transport).toBe("stdio");
    const keelMcp = summary.mcp.servers.find((server) => server.name === "keel-mcp");
    expect(keelMcp?.tools).toHaveLength(6);
    expect(summary.errorCategories?.map((row) => row.server)).toContain("keel-mcp");
    expect(text.stdout).toContain(
      "PART 2 · tool and error design (reference 002), through the MCP server over stdio",
    );
    expect(text.stdout).toContain("[keel-mcp: lookup_order");
  });

  it("runs the support agent with its tools over MCP: the limit holds and an outage keeps its category", () => {
    const calls = summary.agentOverMcp?.calls ?? [];
    expect(calls).toContainEqual({
      requested: "process_refund",
      executed: "escalate_to_human",
      decision: "redirect",
      outcome: "ok",
    });
    expect(calls.at(-1)?.outcome).toBe("transient ORDERS_DB_UNREACHABLE (3 attempts)");
    expect([summary.agentOverMcp?.refundStatus, summary.agentOverMcp?.outageStatus]).toEqual([
      "completed",
      "completed",
    ]);
    expect(text.stdout).toContain("the support agent with its tools over MCP");
  });
});
