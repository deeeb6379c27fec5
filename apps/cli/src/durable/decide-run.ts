import { approveCall, rejectCall } from "@keel/loop";
import type { Verdict } from "@keel/support-desk/internal";
import type { CliIo } from "../cli-io.js";
import type { Environment } from "../env-file.js";
import type { BackendChoice } from "../run/backend-choice.js";
import { approvalKey } from "../run/held-runs.js";
import type { StoreHint } from "../run/open-backend.js";
import { storeFailed } from "../store-unavailable.js";
import { openRuns } from "./durable-store.js";

/**
 * `keel tickets approve|reject RUN-ID` on a queued run awaiting approval: the decisions (signed with the
 * store's approval key) are stored and its continuation is queued (`decideRun`); a worker resumes it, not
 * this process. Exit 0 when queued, 1 when the run is not awaiting approval; a store that cannot be opened
 * or fails throws a StoreUnavailableError (exit 4).
 */
export async function decideDurableRun(
  runId: string,
  verdict: Verdict,
  context: {
    readonly io: CliIo;
    readonly env: Environment;
    readonly json: boolean;
    readonly choice: BackendChoice;
    /** The store options the user gave, for the hint `keel runs wait ID`. */
    readonly store: StoreHint;
  },
): Promise<number> {
  const { io } = context;
  const key = approvalKey(context.env, context.choice, io.stderr);
  const runs = await openRuns(context.choice);
  try {
    const run = await runs.getRun(runId).catch((error: unknown) => {
      throw storeFailed(context.choice, `reading run ${runId}`, error);
    });
    if (run === undefined || run.status !== "awaiting_approval") {
      io.stderr.write(
        `keel tickets: ${run === undefined ? `no ticket or run ${runId} in this store` : `run ${runId} is ${run.status}, not awaiting approval`}.\n`,
      );
      return 1;
    }
    const decisions = run.pending.map((call) =>
      verdict.verdict === "approve"
        ? approveCall(call, key, verdict.note === undefined ? {} : { note: verdict.note })
        : rejectCall(call, key, verdict.reason),
    );
    const queued = await runs.decideRun(runId, decisions).catch((error: unknown) => {
      throw storeFailed(context.choice, `recording the decision on run ${runId}`, error);
    });
    if (!queued) {
      io.stderr.write(`keel tickets: run ${runId} was decided meanwhile; that decision stands.\n`);
      return 1;
    }
    io.stdout.write(
      context.json
        ? `${JSON.stringify({ runId, decision: verdict.verdict, status: "queued" })}\n`
        : `${verdict.verdict === "approve" ? "approved" : "rejected"}: a worker continues ${runId} (keel runs wait ${runId}${context.store.options}${context.store.note})\n`,
    );
    return 0;
  } finally {
    await runs.close();
  }
}
