import { resolve } from "node:path";
import type { CliIo } from "../cli-io.js";
import type { Environment } from "../env-file.js";
import { liveSettings } from "../mode.js";
import type { BackendChoice } from "../run/backend-choice.js";
import { type BackendFlags, sameStore } from "../run/open-backend.js";
import type { RunPlan } from "../run/plan-run.js";
import { storeFailed } from "../store-unavailable.js";
import type { Style } from "../terminal/style.js";
import { UsageError } from "../usage-error.js";
import { openRuns, SUPPORT_AGENT } from "./durable-store.js";
import { ENQUEUED_MODEL, type EnqueuedModel } from "./enqueued-model.js";

/** The flags of `keel run` that `--enqueue` reads. */
export interface EnqueueFlags extends BackendFlags {
  readonly script?: string | undefined;
  readonly replay?: string | undefined;
  readonly hold?: boolean | undefined;
  readonly trace?: string | undefined;
  readonly record?: string | undefined;
  readonly "mcp-config"?: string | undefined;
}

/** Flags whose files or servers belong to the process that runs: with --enqueue, that is a worker. */
const LOCAL_ONLY = ["trace", "record", "mcp-config"] as const;

export function checkEnqueueFlags(flags: EnqueueFlags): void {
  for (const flag of LOCAL_ONLY) {
    if (flags[flag] !== undefined) {
      throw new UsageError(
        `--${flag} belongs to the process that runs the agent; with --enqueue, a worker does.`,
      );
    }
  }
}

/**
 * `keel run … --enqueue`: queues the run with what a worker needs to rebuild the same model client (file
 * paths made absolute; a LIVE run's base URL, never its key) and prints its id.
 */
export async function enqueueRun(
  plan: RunPlan,
  flags: EnqueueFlags,
  settings: Pick<EnqueuedModel, "maxIterations" | "maxTokens" | "request">,
  context: { readonly io: CliIo; readonly env: Environment; readonly style: Style; readonly json: boolean },
  choice: BackendChoice,
): Promise<number> {
  const { io } = context;
  const model: EnqueuedModel = {
    model: plan.model,
    hold: flags.hold === true,
    ...settings,
    ...(flags.script !== undefined
      ? { source: "script" as const, path: resolve(io.cwd, flags.script) }
      : flags.replay !== undefined
        ? { source: "replay" as const, path: resolve(io.cwd, flags.replay) }
        : plan.mode === "LIVE"
          ? { source: "live" as const, baseURL: liveSettings(context.env).baseURL }
          : { source: "scenario" as const, scenario: plan.scenario?.name ?? "" }),
  };
  if (plan.scenario !== undefined && plan.scenario.faults.length > 0) {
    io.stderr.write(
      context.style.yellow("keel run: a queued run runs without the scenario's staged faults.\n"),
    );
  }
  const runs = await openRuns(choice);
  try {
    const runId = await runs
      .enqueueRun({
        agent: SUPPORT_AGENT,
        prompt: plan.request,
        metadata: { ...(plan.scenario?.metadata ?? {}), [ENQUEUED_MODEL]: model },
      })
      .catch((error: unknown) => {
        throw storeFailed(choice, "queueing the run", error);
      });
    io.stdout.write(context.json ? `${JSON.stringify({ runId })}\n` : `${runId}\n`);
    if (!context.json) {
      const store = sameStore(flags);
      io.stderr.write(
        `queued: a worker runs it (keel worker); keel runs wait ${runId}${store.options}${store.note}\n`,
      );
    }
    return 0;
  } finally {
    await runs.close();
  }
}
