import { mkdir } from "node:fs/promises";
import { COMMAND_LINE_EXIT, commandLine } from "@keel/command-line";
import { AnthropicClient, DEFAULT_MODEL } from "@keel/loop";
import type { Io } from "../cli.js";
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

type Environment = Readonly<Record<string, string | undefined>>;

/** A usage error (exit 2): its message already points at `--help`, or names the file at fault. */
class UsageError extends Error {}

// Named as its help and README run it (pnpm's script), so a usage error points at a command that works.
const program = commandLine({
  name: "pnpm --filter @keel/tau2-retail eval",
  usageError: (message) => new UsageError(message),
});

const text = { type: "string" } as const;
const flag = { type: "boolean" } as const;

// Grouped as the help lists them.
const OPTIONS = {
  live: flag,
  record: text,
  replay: text,
  k: text,
  split: text,
  task: { type: "string", multiple: true },
  model: text,
  "user-model": text,
  "max-turns": text,
  "max-rounds": text,
  naive: flag,
  concurrency: text,
  json: flag,
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

type Values = ReturnType<typeof program.parse<typeof OPTIONS>>["values"];

function count(values: Values, name: "k" | "max-turns" | "max-rounds" | "concurrency", fallback: number) {
  const text = values[name];
  return text === undefined ? fallback : program.readInteger(`--${name}`, text, 1);
}

function liveManifest(values: Values): RunManifest {
  const known = new Set(loadTasks().map((task) => task.id));
  let split = values.split ?? DEFAULTS.split;
  let taskIds: readonly string[];
  if (values.task !== undefined) {
    if (values.split !== undefined) throw program.usage("--task and --split exclude each other.");
    const unknown = values.task.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw program.usage(`there is no τ² retail task ${unknown.map((id) => `"${id}"`).join(", ")}.`);
    taskIds = [...new Set(values.task)];
    split = "tasks";
  } else {
    const chosen = program.oneOf("--split", split, ["train", "test", "all"]);
    taskIds = chosen === "all" ? [...known] : loadSplits()[chosen];
  }
  const model = values.model ?? DEFAULT_MODEL;
  return {
    version: 1,
    split,
    task_ids: [...taskIds],
    k: count(values, "k", DEFAULTS.k),
    model,
    user_model: values["user-model"] ?? model,
    max_turns: count(values, "max-turns", DEFAULTS.maxTurns),
    max_rounds: count(values, "max-rounds", DEFAULTS.maxRounds),
    naive: values.naive ?? false,
  };
}

interface Plan {
  readonly mode: "live" | "replay";
  readonly json: boolean;
  readonly manifest: RunManifest;
  readonly clientsFor: ClientsFor;
  readonly concurrency: number;
}

/** What the command line asks for, or a UsageError. */
async function planOf(values: Values, env: Environment): Promise<Plan> {
  if (values.live && values.replay !== undefined)
    throw program.usage("--live and --replay exclude each other.");
  if (values.record !== undefined && !values.live) throw program.usage("--record DIR needs --live.");
  const common = {
    concurrency: count(values, "concurrency", DEFAULTS.concurrency),
    json: values.json ?? false,
  };
  if (values.replay !== undefined) {
    const given = RUN_SHAPING.filter((name) => values[name] !== undefined);
    if (given.length > 0)
      throw program.usage(
        `--replay runs the recorded settings (DIR/manifest.json); drop ${given.map((name) => `--${name}`).join(", ")}.`,
      );
    const read = await readManifest(values.replay);
    if (!read.ok) throw new UsageError(read.problem);
    return { mode: "replay", manifest: read.manifest, clientsFor: replayClients(values.replay), ...common };
  }
  if (!values.live)
    throw program.usage(
      "choose --live (calls Claude, needs ANTHROPIC_API_KEY) or --replay DIR (offline, from cassettes).",
    );
  const manifest = liveManifest(values);
  const apiKey = env.ANTHROPIC_API_KEY;
  if (apiKey === undefined || apiKey.trim() === "")
    throw new UsageError("--live needs ANTHROPIC_API_KEY in the environment (or use --replay DIR, offline).");
  const live = new AnthropicClient({ apiKey, baseURL: env.ANTHROPIC_BASE_URL });
  if (values.record === undefined)
    return { mode: "live", manifest, clientsFor: () => ({ agent: live, user: live }), ...common };
  await mkdir(values.record, { recursive: true });
  await writeManifest(values.record, manifest);
  return { mode: "live", manifest, clientsFor: recordingClients(live, values.record, [apiKey]), ...common };
}

/** The eval command; returns the exit code. `env` supplies ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL. */
export async function evalMain(
  argv: readonly string[],
  io: Io = process,
  env: Environment = process.env,
): Promise<number> {
  let plan: Plan;
  try {
    const { values } = program.parse(argv, OPTIONS, { positionals: false });
    if (values.help) {
      io.stdout.write(HELP);
      return COMMAND_LINE_EXIT.ok;
    }
    plan = await planOf(values, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`eval: ${error.message}\n`);
    return COMMAND_LINE_EXIT.usage;
  }
  const { mode, json, manifest, clientsFor, concurrency } = plan;
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
  io.stdout.write(json ? jsonReport(report, manifest, mode) : formatReport(report, manifest, mode));
  return report.errors > 0 ? 1 : 0;
}

function progressLine(result: TrialResult, k: number): string {
  const verdict = result.passed ? "pass" : "fail";
  const detail = `${result.termination}, ${result.user_turns} user turns, ${result.tool_calls} calls, ${result.stopped_by_hooks} stopped by hooks`;
  const error = result.error !== undefined ? `: ${result.error}` : "";
  return `task ${result.task_id} trial ${result.trial}/${k}: ${verdict} (${detail})${error}`;
}
