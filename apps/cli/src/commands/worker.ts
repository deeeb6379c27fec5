import { DEFAULT_LEASE_SECONDS } from "@keel/durable-runs";
import { MAX_LEASE_SECONDS, MIN_LEASE_SECONDS, type WorkerProgress } from "@keel/durable-runs/internal";
import { openRuns } from "../durable/durable-store.js";
import { supportAgents } from "../durable/support-agents.js";
import { describeBackend } from "../run/backend-choice.js";
import { approvalKey } from "../run/held-runs.js";
import { BACKEND_OPTIONS, chooseBackend, openBackend } from "../run/open-backend.js";
import { storeFailed } from "../store-unavailable.js";
import type { Style } from "../terminal/style.js";
import { defineCommand, EXIT, readInteger } from "./command.js";

/** Upper bounds of --concurrency and --max-model-requests: a typo of a few zeros is a usage error, not an OOM. */
const MAX_CONCURRENCY = 1000;
const MAX_MODEL_REQUESTS = 10_000;
/** How long the library keeps a model-request slot whose worker died (model-request-slots.ts, slotSeconds). */
const MODEL_REQUEST_SLOT_SECONDS = 60;
/** What a drain does, said the same in --help and when it starts. */
const DRAIN =
  "held runs stop at their next checkpoint (a model response or a tool batch); a second SIGTERM/Ctrl-C exits at once and another worker takes them after the lease";

const HELP = `Run queued runs (keel run --enqueue) until SIGTERM or Ctrl-C.

Usage: keel worker [--concurrency N] [--lease-seconds N] [--max-model-requests N] [store options]

Takes runs from the queue, runs the support agent on this store's tools, and checkpoints every round: a
worker that dies loses its lease and another finishes its runs from the last checkpoint. SIGTERM or Ctrl-C
drains: no new runs; held runs stop at their next checkpoint (a model response or a tool batch), and the
worker waits for all of them with no time limit, then exits 0; a second SIGTERM/Ctrl-C exits at once and
another worker takes them after the lease.

The queue lives with the store: on PostgreSQL in the same database (run a worker on every machine); on
PGlite in DIR/runs, which this worker owns and serves on its socket, so keel run --enqueue and keel runs
work beside it (one worker per PGlite folder: it also holds the support store).

Options:
  --concurrency N          runs held at once (default 4, 1 to ${MAX_CONCURRENCY})
  --lease-seconds N        how long a dead worker's runs wait before another takes them (default ${DEFAULT_LEASE_SECONDS}, ${MIN_LEASE_SECONDS} to ${MAX_LEASE_SECONDS});
                           with --max-model-requests, a dead worker's model-request slot is held until it
                           expires (${MODEL_REQUEST_SLOT_SECONDS} s): the fleet may wait that long for it
  --max-model-requests N   model requests in flight across every worker of the database (one API key's
                           limit; 1 to ${MAX_MODEL_REQUESTS})
  --backend sql            the store (the default; memory cannot hold a queue)
  --database-url URL       PostgreSQL (default $DATABASE_URL)
  --data-dir DIR           PGlite data directory (default $KEEL_DATA_DIR or ./.keel-data)
  -h, --help               this help

Exit codes: 0 drained and stopped; 2 usage error; 4 the store is unavailable at start (PostgreSQL unreachable,
refused, a wrong password or a malformed URL; a --data-dir that cannot be created or written, or that another
process holds).

LIVE runs use this worker's ANTHROPIC_API_KEY (a queued run carries its base URL and model, never a key).
A run approved with keel tickets approve RUN-ID resumes with the store's approval key: the PGlite folder's
own, or on PostgreSQL KEEL_APPROVAL_KEY, the same on the workers and where people decide. A worker without
it still runs the others; a decided run it takes ends model_error once, saying to set KEEL_APPROVAL_KEY.

Examples:
  keel worker --data-dir .keel-data
  DATABASE_URL=postgres://… keel worker --concurrency 8 --max-model-requests 16
`;

function progressLine(event: WorkerProgress, style: Style): string {
  if (event.kind === "taken") {
    return `${style.dim("took")}    ${event.runId}${event.attempt > 1 ? ` (attempt ${event.attempt})` : ""}\n`;
  }
  const color = event.status === "completed" ? style.green : style.yellow;
  return `${style.dim("settled")} ${event.runId} ${color(event.status)}\n`;
}

export const workerCommand = defineCommand({
  name: "worker",
  help: HELP,
  options: {
    ...BACKEND_OPTIONS,
    concurrency: { type: "string" },
    "lease-seconds": { type: "string" },
    "max-model-requests": { type: "string" },
  },
  async run({ values }, { io, env, style }) {
    const concurrency = readInteger("--concurrency", values.concurrency ?? "4", 1, MAX_CONCURRENCY);
    const leaseSeconds = readInteger(
      "--lease-seconds",
      values["lease-seconds"] ?? String(DEFAULT_LEASE_SECONDS),
      MIN_LEASE_SECONDS,
      MAX_LEASE_SECONDS,
    );
    const maxInFlight =
      values["max-model-requests"] === undefined
        ? undefined
        : readInteger("--max-model-requests", values["max-model-requests"], 1, MAX_MODEL_REQUESTS);
    const choice = chooseBackend(values, env, io.cwd, "sql");
    const key =
      choice.kind === "memory" || !(env.KEEL_APPROVAL_KEY || choice.kind === "pglite")
        ? undefined
        : approvalKey(env, choice, io.stderr);
    // A store that cannot be opened is a StoreUnavailableError: main gives it exit 4.
    const runs = await openRuns(choice, leaseSeconds);
    let backend: Awaited<ReturnType<typeof openBackend>> | undefined;
    try {
      backend = await openBackend(choice);
      const agents = supportAgents(backend, env, key !== undefined);
      const worker = await runs
        .startWorker({
          agents,
          concurrency,
          leaseSeconds,
          ...(key === undefined ? {} : { approvalKey: key }),
          ...(maxInFlight === undefined ? {} : { modelRequests: { maxInFlight } }),
          onProgress: (event) => io.stderr.write(progressLine(event, style)),
        })
        .catch((error: unknown) => {
          throw storeFailed(choice, "starting the worker", error);
        });
      io.stderr.write(
        `${style.bold("worker")} ready · ${describeBackend(choice)} · concurrency ${concurrency} · lease ${leaseSeconds} s` +
          `${maxInFlight === undefined ? "" : ` · at most ${maxInFlight} model requests in flight`}\n`,
      );
      await new Promise<void>((resolve) => {
        if (io.signal === undefined || io.signal.aborted) return resolve();
        io.signal.addEventListener("abort", () => resolve(), { once: true });
      });
      io.stderr.write(`draining: no new runs; ${DRAIN}. Waiting for them…\n`);
      // No time limit: each held run stops at its next checkpoint and is waited for. A second signal is the
      // way out (index.ts exits at once on it); the lease then hands the runs to another worker.
      await worker.stop({ timeoutMs: Number.POSITIVE_INFINITY });
      io.stderr.write("stopped\n");
      return EXIT.ok;
    } finally {
      await runs.close();
      await backend?.close();
    }
  },
});
