import { findScenario, runScenario, type SupportBackend } from "@keel/support-desk";
import { decideHeldTicket, decisionReportingClient, holdInTicket } from "@keel/support-desk/internal";
import { createCheckRecorder } from "../checks.js";
import type { ApprovalSection } from "../demo-report.js";

/** A demo-only signing key: decisions are HMAC-signed; a real deployment reads KEEL_APPROVAL_KEY. */
const DEMO_APPROVAL_KEY = "keel-demo-approval-key-not-a-secret-0123456789";

/**
 * A person approves, the run resumes: the $750 refund is held (not redirected) for a supervisor, the
 * paused run waits in its ticket in the SQL store, the supervisor approves — twice, as a double click
 * would — and the conversation continues to its answer with the refund paid exactly once.
 */
export async function approvalSection(backend: SupportBackend): Promise<ApprovalSection> {
  const check = createCheckRecorder("approval");
  const scenario = findScenario("high-value-refund");
  if (scenario === undefined) throw new Error("the high-value-refund scenario is missing");
  const held = await runScenario(scenario, { backend, agent: { refundLimitMode: "hold" } });
  const pending = held.snapshot?.pending[0];
  const ticket = await holdInTicket(backend, held);
  const options = { approvalKey: DEMO_APPROVAL_KEY, client: decisionReportingClient() };
  const first = await decideHeldTicket(backend, ticket.id, { verdict: "approve", note: "checked" }, options);
  const again = await decideHeldTicket(backend, ticket.id, { verdict: "approve" }, options);
  const refunds = await backend.listRefunds(String((pending?.input as { order_id?: unknown })?.order_id));
  const paid =
    refunds.kind === "listed" ? refunds.refunds.filter((refund) => refund.amountCents === 75_000).length : -1;

  check.equal("the run pauses for a person instead of ending", held.status, "awaiting_approval");
  check.equal(
    "the held call is the $750 refund",
    [pending?.name, (pending?.input as { amount?: number })?.amount],
    ["process_refund", 750],
  );
  check.equal(
    "approving resumes the run to its answer; approving again repeats it",
    [first.kind, first.kind === "decided" && first.result.status, again.kind === "decided" && again.repeated],
    ["decided", "completed", true],
  );
  check.equal("the refund is paid exactly once", paid, 1);
  return {
    ticketId: ticket.id,
    heldStatus: held.status,
    held: { tool: pending?.name ?? "", input: pending?.input ?? null, reason: pending?.reason ?? "" },
    decision: first.kind === "decided" ? first.decision : first.kind,
    answer: first.kind === "decided" ? first.result.text : "",
    repeatedStatus: again.kind === "decided" ? again.result.status : again.kind,
    refundsPaid: paid,
    checks: check.checks,
  };
}
