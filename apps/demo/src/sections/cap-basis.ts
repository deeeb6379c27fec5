import { coordinatorPolicy } from "@keel/propagation";
import { createCheckRecorder } from "../checks.js";
import type { CapBasisSection, CoordinatorRow, McpCallRow } from "../demo-report.js";
import { DEMO_DATE } from "../deterministic.js";
import { outcomeOfResult, resolvedBasisOf } from "../mcp/call-row.js";
import type { McpSession } from "../mcp/mcp-session.js";

const MAX_ATTEMPTS = 2;
const REQUIRED = ["resolved_basis"];

/**
 * resolve_cap_basis for one customer: genuinely no fees (a valid $0) versus the fee service down (no
 * number at all). A coordinator reads each result with coordinatorPolicy: the genuine zero is answered;
 * the outage is retried — for real, over MCP — and then escalated, never turned into "$0 exposure".
 */
export async function capBasisSection(keelMcp: McpSession, staged: McpSession): Promise<CapBasisSection> {
  const check = createCheckRecorder("cap-basis");
  const request = { tool: "resolve_cap_basis", arguments: { customer_id: "C-1003", as_of: DEMO_DATE } };
  const rows: McpCallRow[] = [];
  const coordinator: CoordinatorRow[] = [];

  const noFees = await keelMcp.call({ label: "no fees (valid)", ...request });
  const noFeesOutcome = outcomeOfResult(noFees.result);
  rows.push({ ...noFees.row, resolvedBasis: resolvedBasisOf(noFeesOutcome) });
  const answer = coordinatorPolicy(noFeesOutcome, {
    attempt: 1,
    maxAttempts: MAX_ATTEMPTS,
    requiredFields: REQUIRED,
  });
  coordinator.push({ label: "no fees (valid)", attempt: 1, maxAttempts: MAX_ATTEMPTS, decision: answer });

  let attempt = 0;
  let decision = "retry";
  const outageResults: unknown[] = [];
  while (decision === "retry" && attempt < MAX_ATTEMPTS) {
    attempt += 1;
    const outage = await staged.call({ label: "fee svc down", ...request });
    outageResults.push(outage.result);
    const outcome = outcomeOfResult(outage.result);
    if (attempt === 1) rows.push({ ...outage.row, resolvedBasis: resolvedBasisOf(outcome) });
    decision = coordinatorPolicy(outcome, { attempt, maxAttempts: MAX_ATTEMPTS, requiredFields: REQUIRED });
    coordinator.push({ label: "fee svc down", attempt, maxAttempts: MAX_ATTEMPTS, decision });
  }

  const [valid, down] = rows;
  check.equal(
    "no fees: isError false, NO_FEES_ON_RECORD, resolved_basis 0",
    [valid?.isError, valid?.code, valid?.resolvedBasis],
    [false, "NO_FEES_ON_RECORD", 0],
  );
  check.equal(
    "fee service down: isError true, transient, retryable, FEE_SERVICE_UNREACHABLE",
    [down?.isError, down?.category, down?.retryable, down?.code],
    [true, "transient", true, "FEE_SERVICE_UNREACHABLE"],
  );
  check.expect(
    "the outage carries no resolved_basis anywhere in the result",
    outageResults.every((result) => !JSON.stringify(result).includes("resolved_basis")),
  );
  check.equal("the coordinator answers the genuine zero", answer, "answer");
  check.equal(
    "the coordinator retries the outage once, then escalates",
    coordinator.filter((row) => row.label === "fee svc down").map((row) => row.decision),
    ["retry", "escalate"],
  );
  return { asOf: DEMO_DATE, rows, coordinator, checks: check.checks };
}
