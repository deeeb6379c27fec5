import type { SupportBackend } from "@keel/support-desk";
import type { Environment } from "../env-file.js";
import { approvalKey, heldRunOf, resumeHeldRun, type Verdict } from "../run/held-runs.js";
import { runJson } from "../run/run-json.js";
import { runSummary } from "../run/run-summary.js";
import type { Style } from "../terminal/style.js";
import { UsageError } from "../usage-error.js";
import { EXIT } from "./command.js";

interface DecisionIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/**
 * `keel tickets approve|reject T-…`: the first decision is recorded as the ticket's resolution (so another
 * process, or a second click, cannot decide differently), then the paused run resumes with that decision.
 * Repeating an approval resumes again with the same idempotency keys: it pays nothing more and prints the
 * same outcome. A decision that contradicts the recorded one is refused.
 */
export async function decideTicket(
  backend: SupportBackend,
  ticketId: string,
  verdict: Verdict,
  context: {
    readonly io: DecisionIo;
    readonly env: Environment;
    readonly style: Style;
    readonly json: boolean;
  },
): Promise<number> {
  const { io, style } = context;
  const key = approvalKey(context.env);
  const listed = await backend.listTickets();
  if (listed.kind !== "listed") {
    io.stderr.write(`keel tickets: the store did not answer (${listed.kind}); nothing was decided.\n`);
    return EXIT.failed;
  }
  const ticket = listed.tickets.find((candidate) => candidate.id === ticketId);
  const snapshot = ticket === undefined ? undefined : heldRunOf(ticket);
  if (ticket === undefined || snapshot === undefined) {
    throw new UsageError(
      `${ticketId} is not a ticket holding a paused run in this store. Run "keel tickets" to see them.`,
    );
  }
  const resolution =
    verdict.verdict === "approve"
      ? `approved${verdict.note ? `: ${verdict.note}` : ""}`
      : `rejected: ${verdict.reason}`;
  const recorded = await backend.resolveTicket(ticketId, resolution);
  if (recorded.kind !== "resolved" && recorded.kind !== "already_resolved") {
    io.stderr.write(`keel tickets: could not record the decision (${recorded.kind}); nothing was run.\n`);
    return EXIT.failed;
  }
  const first = recorded.ticket.resolution ?? resolution;
  if (!first.startsWith(verdict.verdict === "approve" ? "approved" : "rejected")) {
    io.stderr.write(`keel tickets: ${ticketId} was already decided (${first}); that decision stands.\n`);
    return EXIT.failed;
  }
  const again = recorded.kind === "already_resolved";
  const result = await resumeHeldRun(backend, snapshot, firstVerdict(first, verdict), key, context.env);
  if (context.json) {
    io.stdout.write(
      `${JSON.stringify({ ...runJson(result, ticketId), decision: first, repeated: again })}\n`,
    );
  } else {
    if (again)
      io.stdout.write(style.dim(`${ticketId} was already decided (${first}); the run's outcome again:\n`));
    io.stdout.write(`${style.bold("answer")} ${result.text}\n`);
    io.stdout.write(runSummary(result, style));
  }
  return result.status === "completed" ? EXIT.ok : EXIT.failed;
}

/** The recorded decision is the one that runs (its note or reason, not a later one's). */
function firstVerdict(first: string, asked: Verdict): Verdict {
  const detail = first.replace(/^(approved|rejected)(: )?/, "");
  if (asked.verdict === "approve")
    return detail === "" ? { verdict: "approve" } : { verdict: "approve", note: detail };
  return { verdict: "reject", reason: detail || asked.reason };
}
