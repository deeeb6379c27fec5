import type { ToolOutcome } from "@keel/errors";
import { resolveToolCall } from "@keel/tool-call";
import { createToolset, type Tool } from "@keel/tools";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createApprovalTools } from "../approvals/approval-tools.js";
import { decisionReportingClient } from "../approvals/held-runs.js";
import { storeIdempotencyRecords } from "../backend/idempotency-records.js";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { pgliteBackends } from "../backend/sql/sql-backends.test-helpers.js";
import type { SupportBackend } from "../backend/types.js";
import { createSupportTools } from "./create-support-tools.js";
import { hookContext } from "./tool-context.test-helpers.js";

/** Valid inputs of every write tool the support desk ships: a write tool without one fails the first test. */
const WRITE_INPUTS: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  process_refund: fc.record({
    customer_id: fc.constant("C-1001"),
    order_id: fc.constantFrom("ORD-1001", "ORD-1002"),
    amount: fc.integer({ min: 1, max: 4000 }).map((cents) => cents / 100),
    reason: fc.constantFrom("Arrived damaged", "Stopped working", "Wrong colour"),
  }),
  escalate_to_human: fc.record({
    category: fc.constantFrom("customer_request", "account_issue", "policy_exception"),
    summary: fc.constantFrom("Wants a call back today", "Asks about a missing parcel", "Disputes a fee"),
    customer_id: fc.constantFrom("C-1001", "C-1002"),
  }),
  decide_approval: fc.record({
    ticket_id: fc.constantFrom("T-9001", "T-9002"),
    decision: fc.constant("reject"),
    reason: fc.constantFrom("Not covered by policy", "Outside the window"),
  }),
};

function writeTools(backend: SupportBackend): Tool[] {
  const catalog = [
    ...createSupportTools(backend),
    ...createApprovalTools(backend, { approvalKey: "k".repeat(40), client: decisionReportingClient() }),
  ];
  return catalog.filter((tool) => tool.effect === "write");
}

/** What a store holds that a write may change: read before and after a refused call. */
async function storeState(backend: SupportBackend) {
  const tickets = await backend.listTickets();
  const refunds = await Promise.all(["ORD-1001", "ORD-1002"].map((order) => backend.listRefunds(order)));
  return JSON.stringify({ tickets, refunds });
}

const textOf = (outcome: ToolOutcome) => JSON.stringify(outcome);

function describeKeyReuse(name: string, open: () => Promise<SupportBackend>, numRuns: number) {
  describe(`${name}: an idempotency key reused for another request, on every write tool`, () => {
    it("has valid inputs for every write tool of the catalog", async () => {
      const backend = await open();
      expect(
        writeTools(backend)
          .map((tool) => tool.name)
          .sort(),
      ).toEqual(Object.keys(WRITE_INPUTS).sort());
      await backend.close();
    });

    for (const toolName of Object.keys(WRITE_INPUTS)) {
      it(`${toolName}: IDEMPOTENCY_KEY_REUSED, nothing disclosed, nothing lost`, async () => {
        const backend = await open();
        const toolset = createToolset(writeTools(backend));
        const records = storeIdempotencyRecords(backend);
        const signal = new AbortController().signal;
        const arbitrary = WRITE_INPUTS[toolName]!;
        let run = 0;
        await fc.assert(
          fc.asyncProperty(arbitrary, arbitrary, async (first, second) => {
            fc.pre(JSON.stringify(first) !== JSON.stringify(second));
            run += 1;
            const options = {
              toolset,
              idempotencyRecords: records,
              idempotencyKey: () => `reused-${toolName}-${run}`,
              context: hookContext({ runId: `run-${run}`, signal }),
            };
            const one = await resolveToolCall({ id: "toolu_1", name: toolName, input: first }, options);
            const before = await storeState(backend);
            const two = await resolveToolCall({ id: "toolu_2", name: toolName, input: second }, options);
            expect(two.outcome).toMatchObject({ category: "validation", code: "IDEMPOTENCY_KEY_REUSED" });
            expect(two.executed).toBeNull();
            // Nothing of the first request's answer (its ticket or refund id) reaches the second caller.
            const firstIds = textOf(one.outcome).match(/\b[TR]-\d+\b/g) ?? [];
            for (const id of firstIds) expect(textOf(two.outcome)).not.toContain(id);
            // Nothing lost, nothing done: the store holds exactly what it held after the first.
            expect(await storeState(backend)).toBe(before);
          }),
          { numRuns },
        );
        await backend.close();
      });
    }
  });
}

describeKeyReuse("memory store", async () => createMemoryBackend(), 25);
const pglite = pgliteBackends();
describeKeyReuse("PGlite store", () => pglite(), 6);
