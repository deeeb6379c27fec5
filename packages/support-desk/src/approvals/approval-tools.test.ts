import { createToolset } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { runScenario } from "../scenarios/run-scenario.js";
import { findScenario } from "../scenarios/scenarios.js";
import { toolContext, validateAndRun } from "../tools/tool-context.test-helpers.js";
import { createApprovalTools } from "./approval-tools.js";
import { decideHeldTicket, decisionReportingClient, heldRunOf, holdInTicket } from "./held-runs.js";

const KEY = "approval-tools-test-key-0123456789abcdef";
const options = { approvalKey: KEY, client: decisionReportingClient() };

async function held() {
  const backend = createMemoryBackend();
  const scenario = findScenario("high-value-refund");
  if (scenario === undefined) throw new Error("no high-value-refund scenario");
  const result = await runScenario(scenario, { backend, agent: { refundLimitMode: "hold" } });
  const ticket = await holdInTicket(backend, result);
  return { backend, ticket };
}

const paidOn = async (backend: ReturnType<typeof createMemoryBackend>) => {
  const listed = await backend.listRefunds("ORD-1002");
  if (listed.kind !== "listed") throw new Error(listed.kind);
  return listed.refunds.filter((refund) => refund.amountCents === 75_000).length;
};

describe("approvals over the store", () => {
  it("keeps the paused run in its ticket, validated when read back", async () => {
    const { ticket } = await held();
    expect(heldRunOf(ticket)).toMatchObject({ status: "awaiting_approval" });
    const tampered = { ...ticket, pendingRequest: { held_run: { version: 99 } } };
    expect(() => heldRunOf(tampered)).toThrow();
  });

  it("approves once and pays once, however often the decision is repeated (two deciders, one store)", async () => {
    const { backend, ticket } = await held();
    const decisions = await Promise.all([
      decideHeldTicket(backend, ticket.id, { verdict: "approve" }, options),
      decideHeldTicket(backend, ticket.id, { verdict: "approve" }, options),
    ]);
    expect(decisions.map((decision) => decision.kind)).toEqual(["decided", "decided"]);
    expect(decisions.map((decision) => (decision.kind === "decided" ? decision.result.status : ""))).toEqual([
      "completed",
      "completed",
    ]);
    expect(await paidOn(backend)).toBe(1);
    const contradicting = await decideHeldTicket(
      backend,
      ticket.id,
      { verdict: "reject", reason: "no" },
      options,
    );
    expect(contradicting).toMatchObject({ kind: "already_decided", decision: "approved" });
    expect(await paidOn(backend)).toBe(1);
  });

  it("serves the two tools: list what is held, decide it; a rejection pays nothing", async () => {
    const { backend, ticket } = await held();
    const toolset = createToolset(createApprovalTools(backend, options));
    const listed = await validateAndRun(
      toolset,
      { id: "l", name: "list_pending_approvals", input: {} },
      toolContext(),
    );
    expect(listed).toMatchObject({ kind: "success", data: { pending: [{ ticket_id: ticket.id }] } });
    const rejected = await validateAndRun(
      toolset,
      {
        id: "d",
        name: "decide_approval",
        input: { ticket_id: ticket.id, decision: "reject", reason: "fraud check" },
      },
      toolContext(),
    );
    expect(rejected).toMatchObject({
      kind: "success",
      data: { decision: "rejected: fraud check", status: "completed" },
    });
    expect(await paidOn(backend)).toBe(0);
  });
});
