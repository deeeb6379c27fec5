import type { SupportBackend } from "@keel/support-desk";
import { decideHeldTicket, type Verdict } from "@keel/support-desk/internal";
import type { Environment } from "../env-file.js";
import { type BackendChoice, describeBackend } from "../run/backend-choice.js";
import { approvalKey, continuationClient } from "../run/held-runs.js";
import { runJson } from "../run/run-json.js";
import { runSummary } from "../run/run-summary.js";
import { redactCredentials, StoreUnavailableError } from "../store-unavailable.js";
import type { Style } from "../terminal/style.js";
import { UsageError } from "../usage-error.js";
import { EXIT } from "./command.js";

interface DecisionIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/**
 * `keel tickets approve|reject T-…`: the decision and the resumed run are `decideHeldTicket`'s (in
 * @keel/support-desk, shared with keel-mcp's supervisor tools); this prints what it came to. Repeating an
 * approval prints the same outcome and pays nothing more; a decision that contradicts the recorded one is
 * refused.
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
    /** The store being decided on: it says where the signing key comes from. */
    readonly choice: BackendChoice;
  },
): Promise<number> {
  const { io, style } = context;
  const decided = await decideHeldTicket(backend, ticketId, verdict, {
    approvalKey: approvalKey(context.env, context.choice, io.stderr),
    client: continuationClient(context.env),
  });
  switch (decided.kind) {
    case "store_unavailable":
      throw new StoreUnavailableError(
        decided.step === "read"
          ? `the ${describeBackend(context.choice)} did not answer (${redactCredentials(decided.detail)}); nothing was decided.`
          : `the ${describeBackend(context.choice)} could not record the decision (${redactCredentials(decided.detail)}); nothing was run.`,
      );
    case "not_held":
      throw new UsageError(
        `${ticketId} is not a ticket holding a paused run in this store. Run "keel tickets" to see them.`,
      );
    case "already_decided":
      io.stderr.write(
        `keel tickets: ${ticketId} was already decided (${decided.decision}); that decision stands.\n`,
      );
      return EXIT.failed;
    case "decided":
      break;
  }
  const { result, decision, repeated } = decided;
  if (context.json) {
    io.stdout.write(`${JSON.stringify({ ...runJson(result, ticketId), decision, repeated })}\n`);
  } else {
    if (repeated)
      io.stdout.write(style.dim(`${ticketId} was already decided (${decision}); the run's outcome again:\n`));
    io.stdout.write(`${style.bold("answer")} ${result.text}\n`);
    io.stdout.write(runSummary(result, style));
  }
  return result.status === "completed" ? EXIT.ok : EXIT.failed;
}
