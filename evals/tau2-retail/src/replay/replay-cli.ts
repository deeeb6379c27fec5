import { readFile } from "node:fs/promises";
import { describeReadError } from "@keel/diagnostics";
import { type Io, readBinOptions } from "../cli.js";
import { loadTasks } from "../gold/tasks.js";
import { retailPolicyHooks } from "../policy/policy-hooks.js";
import { readTrajectories } from "./read-trajectories.js";
import { replayTrajectory } from "./replay-trajectory.js";

export const HELP = `Replay τ² retail trajectories through Keel's tools and hooks, from the pristine database.

Usage: node evals/tau2-retail/bin/replay.mjs --in FILE.jsonl [--naive] [--json]

Each line of FILE is {"id","task_id","steps":[STEP,...]}, a STEP being {"user":"text"},
{"assistant":"text"} or {"calls":[{"name","arguments"},...]} (several calls: one assistant turn with
parallel tool_use blocks). A scripted model plays the assistant steps in order; user steps become user
messages. A trajectory that does not open with a user step opens with the task's reason_for_call.

Options:
  --in FILE   the trajectories (JSON Lines)
  --naive     run without the policy hooks (the same tools; what τ²'s own tools allow)
  --json      one JSON line per trajectory: {"id","task_id","digest","steps":[{"name","decision",
              "hook","outcome","category","code"}]}; digest is the hex sha256 of the final database
  -h, --help  this help

Exit codes: 0 every trajectory ran (a blocked call is not a failure), 1 a trajectory could not run,
2 usage error.
`;

/** The replay command; returns the exit code. */
export async function replayMain(argv: readonly string[], io: Io = process): Promise<number> {
  const parsed = readBinOptions(
    "replay",
    argv,
    { in: { type: "string" }, naive: { type: "boolean" }, json: { type: "boolean" } },
    HELP,
    io,
  );
  if ("exit" in parsed) return parsed.exit;
  const { values } = parsed;
  if (!values.in) {
    io.stderr.write(`replay: --in FILE is required.\n\n${HELP}`);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(values.in, "utf8");
  } catch (error) {
    io.stderr.write(`replay: ${values.in}: ${describeReadError(error)}\n`);
    return 2;
  }
  const read = readTrajectories(text);
  if (!read.ok) {
    io.stderr.write(`replay: ${values.in}: ${read.problem}\n`);
    return 2;
  }
  const known = new Set(loadTasks().map((task) => task.id));
  const preHooks = values.naive ? undefined : retailPolicyHooks;
  let failed = 0;
  for (const trajectory of read.trajectories) {
    if (!known.has(trajectory.task_id)) {
      io.stderr.write(`replay: ${trajectory.id}: there is no τ² retail task "${trajectory.task_id}"\n`);
      failed += 1;
      continue;
    }
    try {
      const result = await replayTrajectory(trajectory, preHooks ? { preHooks } : {});
      if (values.json) io.stdout.write(`${JSON.stringify(result)}\n`);
      else {
        const stopped = result.steps.filter((step) => step.decision !== "allow").length;
        io.stdout.write(
          `${result.id} (task ${result.task_id}): ${result.steps.length} calls, ${stopped} stopped by a hook, digest ${result.digest.slice(0, 12)}\n`,
        );
      }
    } catch (error) {
      io.stderr.write(
        `replay: ${trajectory.id}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      failed += 1;
    }
  }
  return failed > 0 ? 1 : 0;
}
