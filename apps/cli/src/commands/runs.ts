import { existsSync } from "node:fs";
import { join } from "node:path";
import { didYouMean } from "@keel/diagnostics";
import type { DurableRun, DurableRuns } from "@keel/durable-runs";
import { exitCodeOf, openRuns } from "../durable/durable-store.js";
import { BACKEND_OPTIONS, chooseBackend, type StoreHint, sameStore } from "../run/open-backend.js";
import { storeFailed } from "../store-unavailable.js";
import type { Style } from "../terminal/style.js";
import { UsageError } from "../usage-error.js";
import { defineCommand, EXIT, readInteger } from "./command.js";

/** How many runs the list shows: the library's default, and a bound that keeps one answer a sane size. */
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

const HELP = `The runs of the queue (keel run --enqueue): list them, show one, wait for one, cancel one.

Usage: keel runs [list] [--limit N] [--json]   the newest runs first (the newest 50 unless --limit)
       keel runs show ID [--json]              one run: status, attempts, its answer once it ended
       keel runs wait ID [--json]              wait until it ends; exits as keel run does
       keel runs cancel ID [--json]            a queued run never asks the model; a running one stops at a
                                               checkpoint; one awaiting approval is cancelled undecided

Statuses: queued, running, cancelled, or the run's own end (completed, awaiting_approval, model_error, …).
A run awaiting approval continues with keel tickets approve ID | reject ID --reason "…".

Options:
  --backend sql          the store (the default; the queue lives with it, see keel worker --help)
  --database-url URL     PostgreSQL (default $DATABASE_URL)
  --data-dir DIR         PGlite data directory (default $KEEL_DATA_DIR or ./.keel-data)
  --limit N              list at most N runs, the newest (default ${DEFAULT_LIMIT}, 1 to ${MAX_LIMIT}). A list that holds
                         exactly N runs may be cut: a line on stderr says so, and with --json the object
                         has "limit": N next to "runs" (no "limit" field: the list is whole)
  --json                 print exactly one JSON object on stdout
  -h, --help             this help

Exit codes: list, show and cancel 0 (cancel of a queued, running or awaiting-approval run, or of one already
cancelled); 1 no such run (or no store in --data-dir: nothing is created), or cancel of a run that already
ended (completed, model_error, …: nothing to cancel); wait 0 completed, 3 awaiting approval, 1 any other end
(a cancelled run too) or no such run; 2 usage error; 4 the store is unavailable: it cannot be opened or
failed (PostgreSQL unreachable, refused, a wrong password, a malformed URL; a --data-dir that cannot be
created or written), never read as "no such run". With --json an error is one object too, on stdout:
{"error": {"kind", "message"}}, kind not_found, not_cancellable (with the run's "status"), store_unavailable
or usage (exit 2); the message is on stderr as well.

Examples:
  keel runs --json | jq '.runs[] | {runId, status}'
  keel runs --limit 500 --json | jq '[.runs[] | select(.status == "model_error")] | length'
  id=$(keel run --scenario low-value-refund --enqueue) && keel runs wait "$id"
  keel runs cancel 6f1c…
`;

const ACTIONS = ["list", "show", "wait", "cancel"] as const;
const ENDED = (status: string) => status !== "queued" && status !== "running";

function line(run: DurableRun, style: Style): string {
  const color = run.status === "completed" ? style.green : ENDED(run.status) ? style.yellow : style.cyan;
  return `${run.runId}  ${color(run.status.padEnd(17))}  attempts ${run.attempts}  ${style.dim(run.updatedAt)}\n`;
}

function details(run: DurableRun, style: Style, store: StoreHint): string {
  const lines = [line(run, style).trimEnd()];
  if (run.result?.text) lines.push(`${style.bold("answer")} ${run.result.text}`);
  if (run.result?.error)
    lines.push(style.yellow(`error  ${run.result.error.kind}: ${run.result.error.message}`));
  for (const call of run.pending) {
    lines.push(
      style.yellow(`⏸ ${call.name} ${JSON.stringify(call.input)} waits for a person: ${call.reason}`),
    );
  }
  if (run.pending.length > 0)
    lines.push(
      style.yellow(
        `  keel tickets approve ${run.runId}${store.options} | keel tickets reject ${run.runId}${store.options} --reason "…"${store.note}`,
      ),
    );
  return `${lines.join("\n")}\n`;
}

async function waitFor(runs: DurableRuns, runId: string, signal: AbortSignal | undefined) {
  for (;;) {
    const run = await runs.getRun(runId);
    if (run === undefined || ENDED(run.status) || signal?.aborted) return run;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const runsCommand = defineCommand({
  name: "runs",
  help: HELP,
  options: { ...BACKEND_OPTIONS, json: { type: "boolean" }, limit: { type: "string" } },
  async run({ values, positionals }, { io, env, style, spinner }) {
    const [given = "list", runId, ...extra] = positionals;
    const action = ACTIONS.find((known) => known === given);
    if (action === undefined) {
      throw new UsageError(
        `Unknown subcommand "${given}".${didYouMean(given, ACTIONS, (name) => `keel runs ${name}`)} Use list, show ID, wait ID or cancel ID.`,
      );
    }
    if ((action === "list") !== (runId === undefined) || extra.length > 0) {
      throw new UsageError(
        action === "list" ? "list takes no run id." : `${action} needs one run id: keel runs ${action} ID.`,
      );
    }
    if (values.limit !== undefined && action !== "list")
      throw new UsageError(`--limit is for the list: keel runs --limit N.`);
    const limit = readInteger("--limit", values.limit ?? String(DEFAULT_LIMIT), 1, MAX_LIMIT);
    const json = values.json === true;
    const fail = (kind: string, message: string, code: number, extra: Record<string, unknown> = {}) => {
      if (json) io.stdout.write(`${JSON.stringify({ error: { kind, message, ...extra } })}\n`);
      io.stderr.write(`keel runs: ${message}\n`);
      return code;
    };
    const choice = chooseBackend(values, env, io.cwd, "sql");
    const store = sameStore(values);
    // Reading must not create a store: a folder that holds no runs' store has no runs.
    if (choice.kind === "pglite" && !existsSync(join(choice.dataDir, "runs", "PG_VERSION"))) {
      const none = `store in ${choice.dataDir} yet, so no runs (nothing was created).`;
      if (action !== "list") return fail("not_found", `no run ${runId}: no ${none}`, EXIT.failed);
      io.stdout.write(json ? `${JSON.stringify({ runs: [] })}\n` : `No ${none}\n`);
      return EXIT.ok;
    }
    // A store that cannot be opened or fails is a StoreUnavailableError: main gives it exit 4.
    const runs: DurableRuns = await openRuns(choice);
    try {
      if (action === "list") {
        const listed = await runs.listRuns({ limit });
        // Exactly `limit` runs: there may be more, and the reader is told so rather than shown a silent cut.
        const full = listed.length === limit;
        if (json) io.stdout.write(`${JSON.stringify({ runs: listed, ...(full ? { limit } : {}) })}\n`);
        else {
          io.stdout.write(
            listed.length === 0 ? "No runs.\n" : listed.map((run) => line(run, style)).join(""),
          );
          if (full)
            io.stderr.write(
              `keel runs: showing the newest ${limit} runs; --limit N shows more (at most ${MAX_LIMIT}).\n`,
            );
        }
        return EXIT.ok;
      }
      const id = runId as string;
      if (action === "wait" && !json) spinner.start(`waiting for ${id}`);
      const run =
        action === "show"
          ? await runs.getRun(id)
          : action === "wait"
            ? await waitFor(runs, id, io.signal)
            : await runs.cancelRun(id);
      spinner.stop();
      if (run === undefined) return fail("not_found", `no run ${id} in this store.`, EXIT.failed);
      if (action === "cancel" && run.status !== "cancelled") {
        const message = `${id} already ended (${run.status}); nothing to cancel.`;
        if (!json) io.stdout.write(details(run, style, store));
        return fail("not_cancellable", message, EXIT.failed, { status: run.status });
      }
      io.stdout.write(json ? `${JSON.stringify(run)}\n` : details(run, style, store));
      if (action === "wait") return ENDED(run.status) ? exitCodeOf(run.status) : EXIT.failed;
      return EXIT.ok;
    } catch (error) {
      const doing =
        action === "list"
          ? "listing the runs"
          : `${action === "cancel" ? "cancelling" : "reading"} run ${runId}`;
      throw storeFailed(choice, doing, error);
    } finally {
      spinner.stop();
      await runs.close().catch(() => {});
    }
  },
});
