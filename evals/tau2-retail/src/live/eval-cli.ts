import { mkdir } from "node:fs/promises";
import { parseArgs } from "node:util";
import { AnthropicClient, DEFAULT_MODEL } from "@keel/loop";
import { loadSplits, loadTasks } from "../gold/tasks.js";
import { retailPolicyHooks } from "../policy/policy-hooks.js";
import {
  type RunManifest,
  readManifest,
  recordingClients,
  replayClients,
  writeManifest,
} from "./cassettes.js";
import { formatReport, jsonReport } from "./format-report.js";
import { type ClientsFor, runEvaluation } from "./live-eval.js";
import type { TrialResult } from "./live-trial.js";

const DEFAULTS = { k: 1, split: "test", maxTurns: 30, maxRounds: 20, concurrency: 1 } as const;

export const HELP = `Run Keel's τ² retail agent against Claude with a simulated user, k trials per task, graded by the
final database's digest against the task's gold one; prints pass^1 … pass^k per task and over all tasks.

Usage: pnpm --filter @keel/tau2-retail eval --live [--record DIR] [options]
       pnpm --filter @keel/tau2-retail eval --replay DIR [--json] [--concurrency N]

Modes (one is required):
  --live            call Claude (needs ANTHROPIC_API_KEY; ANTHROPIC_BASE_URL is honoured) for the agent and
                    for the simulated user
  --record DIR      with --live: record every model exchange (agent and user) as Keel cassettes in DIR, one
                    per side of each trial, secrets redacted, beside DIR/manifest.json
  --replay DIR      replay a recorded run offline, no key needed: the same tasks, trials and settings

Options (with --live):
  --k N             trials per task (default ${DEFAULTS.k})
  --split NAME      train, test or all (default ${DEFAULTS.split})
  --task ID         only this task (repeatable; replaces --split)
  --model NAME      the agent's model (default ${DEFAULT_MODEL})
  --user-model NAME the simulated user's model (default: the agent's)
  --max-turns N     messages the simulated user may write before the trial fails (default ${DEFAULTS.maxTurns})
  --max-rounds N    tool rounds of one agent reply (default ${DEFAULTS.maxRounds})
  --naive           no policy hooks (the same tools; what τ²'s own tools allow)
Options (both modes):
  --concurrency N   trials run at once (default ${DEFAULTS.concurrency})
  --json            one JSON object: the settings, pass_hat, tasks and every trial
  -h, --help        this help

A trial ends when the simulated user writes ###STOP###, ###TRANSFER### or ###OUT-OF-SCOPE###, when the agent
transfers to a human, or at the turn cap (a failure). Progress goes to stderr.
Exit codes: 0 every trial ran, 1 a trial could not (a model error, a replay that differs from its
cassette), 2 usage error.
`;

interface Io {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

type Environment = Readonly<Record<string, string | undefined>>;

/** A usage error (exit 2); `help: false` for a problem with a file, where the help would only bury it. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly help = true,
  ) {
    super(message);
  }
}

const OPTIONS = {
  live: { type: "boolean" },
  record: { type: "string" },
  replay: { type: "string" },
  k: { type: "string" },
  split: { type: "string" },
  task: { type: "string", multiple: true },
  model: { type: "string" },
  "user-model": { type: "string" },
  "max-turns": { type: "string" },
  "max-rounds": { type: "string" },
  naive: { type: "boolean" },
  concurrency: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** Options that shape the requests: a replay takes them from its manifest, never from the command line. */
const RUN_SHAPING = [
  "k",
  "split",
  "task",
  "model",
  "user-model",
  "max-turns",
  "max-rounds",
  "naive",
] as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"];

function positive(values: Values, name: "k" | "max-turns" | "max-rounds" | "concurrency", fallback: number) {
  const text = values[name];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new UsageError(`--${name} takes a whole number ≥ 1, got "${text}".`);
  return value;
}

function liveManifest(values: Values): RunManifest {
  const known = new Set(loadTasks().map((task) => task.id));
  let split = values.split ?? DEFAULTS.split;
  let taskIds: readonly string[];
  if (values.task !== undefined) {
    if (values.split !== undefined) throw new UsageError("--task and --split exclude each other.");
    const unknown = values.task.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new UsageError(`there is no τ² retail task ${unknown.map((id) => `"${id}"`).join(", ")}.`);
    taskIds = [...new Set(values.task)];
    split = "tasks";
  } else if (split === "all") taskIds = [...known];
  else if (split === "train" || split === "test") taskIds = loadSplits()[split];
  else throw new UsageError(`--split is train, test or all, got "${split}".`);
  const model = values.model ?? DEFAULT_MODEL;
  return {
    version: 1,
    split,
    task_ids: [...taskIds],
    k: positive(values, "k", DEFAULTS.k),
    model,
    user_model: values["user-model"] ?? model,
    max_turns: positive(values, "max-turns", DEFAULTS.maxTurns),
    max_rounds: positive(values, "max-rounds", DEFAULTS.maxRounds),
    naive: values.naive ?? false,
  };
}

/** The eval command; returns the exit code. `env` supplies ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL. */
export async function evalMain(
  argv: readonly string[],
  io: Io = process,
  env: Environment = process.env,
): Promise<number> {
  const usage = (problem: string, help = true) => {
    io.stderr.write(`eval: ${problem}\n${help ? `\n${HELP}` : ""}`);
    return 2;
  };
  let values: Values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  if (values.live && values.replay !== undefined) return usage("--live and --replay exclude each other.");
  if (!values.live && values.replay === undefined)
    return usage(
      "choose --live (calls Claude, needs ANTHROPIC_API_KEY) or --replay DIR (offline, from cassettes).",
    );
  if (values.record !== undefined && !values.live) return usage("--record DIR needs --live.");

  let manifest: RunManifest;
  let clientsFor: ClientsFor;
  let concurrency: number;
  try {
    concurrency = positive(values, "concurrency", DEFAULTS.concurrency);
    if (values.replay !== undefined) {
      const given = RUN_SHAPING.filter((name) => values[name] !== undefined);
      if (given.length > 0)
        throw new UsageError(
          `--replay runs the recorded settings (DIR/manifest.json); drop ${given.map((name) => `--${name}`).join(", ")}.`,
        );
      const read = await readManifest(values.replay);
      if (!read.ok) throw new UsageError(read.problem, false);
      manifest = read.manifest;
      clientsFor = replayClients(values.replay);
    } else {
      manifest = liveManifest(values);
      const apiKey = env.ANTHROPIC_API_KEY;
      if (apiKey === undefined || apiKey.trim() === "")
        throw new UsageError(
          "--live needs ANTHROPIC_API_KEY in the environment (or use --replay DIR, offline).",
        );
      const live = new AnthropicClient({ apiKey, baseURL: env.ANTHROPIC_BASE_URL });
      clientsFor = () => ({ agent: live, user: live });
      if (values.record !== undefined) {
        await mkdir(values.record, { recursive: true });
        await writeManifest(values.record, manifest);
        clientsFor = recordingClients(live, values.record, [apiKey]);
      }
    }
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message, error.help);
    throw error;
  }

  const mode = values.replay !== undefined ? "replay" : "live";
  io.stderr.write(
    `eval: ${mode}, ${manifest.task_ids.length} tasks × ${manifest.k} trials (${manifest.split})\n`,
  );
  const report = await runEvaluation(
    {
      taskIds: manifest.task_ids,
      k: manifest.k,
      concurrency,
      settings: {
        model: manifest.model,
        userModel: manifest.user_model,
        maxTurns: manifest.max_turns,
        maxRounds: manifest.max_rounds,
        preHooks: manifest.naive ? undefined : retailPolicyHooks,
      },
    },
    clientsFor,
    (result) => io.stderr.write(`eval: ${progressLine(result, manifest.k)}\n`),
  );
  io.stdout.write(values.json ? jsonReport(report, manifest, mode) : formatReport(report, manifest, mode));
  return report.errors > 0 ? 1 : 0;
}

function progressLine(result: TrialResult, k: number): string {
  const verdict = result.passed ? "pass" : "fail";
  const detail = `${result.termination}, ${result.user_turns} user turns, ${result.tool_calls} calls, ${result.stopped_by_hooks} stopped by hooks`;
  const error = result.error !== undefined ? `: ${result.error}` : "";
  return `task ${result.task_id} trial ${result.trial}/${k}: ${verdict} (${detail})${error}`;
}
