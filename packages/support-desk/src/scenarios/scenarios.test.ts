import type { RunResult } from "@keel/loop";
import type { MessageParam, ToolResultBlock } from "@keel/wire";
import { afterEach, describe, expect, it } from "vitest";
import type { FaultableBackend } from "../backend/memory-backend.js";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { pgliteBackends, postgresBackends } from "../backend/sql/sql-backends.test-helpers.js";
import { runScenario } from "./run-scenario.js";
import { findScenario, SCENARIOS } from "./scenarios.js";
import { summarizeRun } from "./summarize-run.js";

const noWait = async () => {};

/** The tool_result the model saw for a tool_use id. */
function toolResult(messages: readonly MessageParam[], toolUseId: string): ToolResultBlock | undefined {
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type === "tool_result" && (block as ToolResultBlock).tool_use_id === toolUseId) {
        return block as ToolResultBlock;
      }
    }
  }
  return undefined;
}

function toolUseId(scenarioName: string, toolName: string): string {
  for (const response of findScenario(scenarioName)?.responses ?? []) {
    for (const block of response.content) {
      if (block.type === "tool_use" && block.name === toolName) return String(block.id);
    }
  }
  throw new Error(`${scenarioName} has no ${toolName} call`);
}

function describeScenarios(store: string, open: () => Promise<FaultableBackend>) {
  describe(`scenarios through runAgent on the ${store} store`, () => {
    const opened: FaultableBackend[] = [];
    const run = async (name: string) => {
      const scenario = findScenario(name);
      if (!scenario) throw new Error(`no scenario ${name}`);
      const backend = await open();
      opened.push(backend);
      const result: RunResult = await runScenario(scenario, { backend, sleep: noWait });
      return { scenario, backend, result };
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((backend) => backend.close()));
    });

    it.each(SCENARIOS.map((scenario) => scenario.name))("%s runs as its expectation says", async (name) => {
      const { scenario, result } = await run(name);
      expect(summarizeRun(result)).toEqual(scenario.expect);
      expect(result.modelRequests).toBe(scenario.responses.length);
    });

    it("low-value-refund pays $50 once and opens no ticket", async () => {
      const { backend } = await run("low-value-refund");
      expect(await backend.listRefunds("ORD-1001")).toMatchObject({ refunds: [{ amountCents: 5000 }] });
      expect(await backend.listTickets()).toEqual({ kind: "listed", tickets: [] });
    });

    it("high-value-refund never runs process_refund: no refund row, one open ticket bundling the request", async () => {
      const { backend, result } = await run("high-value-refund");
      expect(await backend.listRefunds("ORD-1002")).toEqual({ kind: "listed", refunds: [] });
      expect(await backend.listTickets({ status: "open" })).toMatchObject({
        tickets: [
          {
            category: "refund_over_limit",
            customerId: "C-1001",
            pendingRequest: {
              tool: "process_refund",
              input: {
                customer_id: "C-1001",
                order_id: "ORD-1002",
                amount: 750,
                reason: "Stopped working after a week",
              },
            },
          },
        ],
      });
      const redirected = result.toolCalls.find((call) => call.requested === "process_refund");
      expect(redirected).toMatchObject({
        executed: "escalate_to_human",
        decision: "redirect",
        hook: "refund-limit",
      });
      const id = toolUseId("high-value-refund", "process_refund");
      expect(redirected?.id).toBe(id);
      expect(toolResult(result.messages, id)?.content).toContain("T-1001");
    });

    it("multi-intent escalates at once with the pending refund and pays nothing", async () => {
      const { backend } = await run("multi-intent");
      expect(await backend.listRefunds("ORD-1001")).toEqual({ kind: "listed", refunds: [] });
      expect(await backend.listTickets({ status: "open" })).toMatchObject({
        tickets: [
          {
            category: "customer_request",
            pendingRequest: { tool: "process_refund", input: { order_id: "ORD-1001", amount: 50 } },
          },
        ],
      });
    });

    it("business-already-refunded adds no refund to the fully refunded order", async () => {
      const { backend } = await run("business-already-refunded");
      expect(await backend.listRefunds("ORD-1003")).toMatchObject({ refunds: [{ id: "R-1000" }] });
    });

    it("permission-refund-forbidden pays nothing and hands the refund to a person", async () => {
      const { backend } = await run("permission-refund-forbidden");
      expect(await backend.listRefunds("ORD-1001")).toEqual({ kind: "listed", refunds: [] });
      expect(await backend.listTickets({ status: "open" })).toMatchObject({
        tickets: [{ category: "policy_exception" }],
      });
    });

    it("suspended-account is blocked before the store is asked to pay", async () => {
      const { backend, result } = await run("suspended-account");
      expect(await backend.listRefunds("ORD-1004")).toEqual({ kind: "listed", refunds: [] });
      expect(result.toolCalls[1]).toMatchObject({
        decision: "block",
        hook: "suspended-account",
        executed: null,
      });
    });

    it("shows the model an outage as transient and UNKNOWN, and an absent order as a valid empty answer", async () => {
      const outage = await run("orders-db-unreachable");
      const absent = await run("order-not-found");
      const outageResult = toolResult(
        outage.result.messages,
        toolUseId("orders-db-unreachable", "lookup_order"),
      );
      const absentResult = toolResult(absent.result.messages, toolUseId("order-not-found", "lookup_order"));
      expect(outageResult?.is_error).toBe(true);
      expect(outageResult?.content).toContain("ORDERS_DB_UNREACHABLE");
      expect(outageResult?.content).toContain("UNKNOWN");
      expect(absentResult?.is_error).toBeUndefined();
      expect(absentResult?.content).toContain("ORDER_NOT_FOUND");
    });
  });
}

describeScenarios("memory", async () => createMemoryBackend());
describeScenarios("PGlite", pgliteBackends());
const postgres = postgresBackends();
if (postgres) describeScenarios("PostgreSQL", () => postgres());
