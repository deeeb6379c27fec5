import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describeReadError, parseJsonText } from "@keel/diagnostics";
import { type ModelClient, RecordingClient, ReplayClient } from "@keel/loop";
import { z } from "zod/v4";
import { loadTasks } from "../gold/tasks.js";
import type { ClientsFor } from "./live-eval.js";

/**
 * What a recorded run was asked to do, written beside its cassettes as `manifest.json`: a replay runs exactly
 * these trials with exactly these settings (the models and caps shape every request the cassettes hold).
 */
const manifestSchema = z.strictObject({
  version: z.literal(1),
  split: z.string(),
  task_ids: z.array(z.string()).min(1),
  k: z.int().min(1),
  model: z.string().min(1),
  user_model: z.string().min(1),
  max_turns: z.int().min(1),
  max_rounds: z.int().min(1),
  naive: z.boolean(),
});

export type RunManifest = z.infer<typeof manifestSchema>;

const MANIFEST = "manifest.json";

/** One cassette per side of a trial: `task-5.trial-2.agent.cassette.json`, `….user.cassette.json`. */
export function cassettePath(dir: string, taskId: string, trial: number, side: "agent" | "user"): string {
  return join(dir, `task-${taskId}.trial-${trial}.${side}.cassette.json`);
}

export async function writeManifest(dir: string, manifest: RunManifest): Promise<void> {
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, "utf8");
}

/** The manifest of a recorded run, or the problem with it (naming the file). */
export async function readManifest(
  dir: string,
): Promise<{ ok: true; manifest: RunManifest } | { ok: false; problem: string }> {
  const path = join(dir, MANIFEST);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    return { ok: false, problem: `${path}: ${describeReadError(error)} (is ${dir} a --record folder?)` };
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, problem: `${path}: ${parsed.problem}` };
  const checked = manifestSchema.safeParse(parsed.value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { ok: false, problem: `${path}: ${issue?.path.join(".") || "the file"}: ${issue?.message}` };
  }
  // A manifest edited by hand (or from another version of the tasks) can name a task that is not there: the
  // same usage error `--live --task` gives, before any trial runs.
  const known = new Set(loadTasks().map((task) => task.id));
  const unknown = checked.data.task_ids.filter((id) => !known.has(id));
  if (unknown.length > 0)
    return {
      ok: false,
      problem: `${path}: task_ids: there is no τ² retail task ${unknown.map((id) => `"${id}"`).join(", ")}.`,
    };
  return { ok: true, manifest: checked.data };
}

/**
 * Every trial through one live client, each side recorded into its own cassette (Keel's RecordingClient:
 * written after every exchange, secrets redacted — `secrets` and ANTHROPIC_API_KEY's value among them).
 */
export function recordingClients(live: ModelClient, dir: string, secrets: readonly string[]): ClientsFor {
  return (taskId, trial) => ({
    agent: new RecordingClient(live, { path: cassettePath(dir, taskId, trial, "agent"), secrets }),
    user: new RecordingClient(live, { path: cassettePath(dir, taskId, trial, "user"), secrets }),
  });
}

/** Every trial from its cassettes (Keel's ReplayClient: each request must equal the recorded one). */
export function replayClients(dir: string): ClientsFor {
  return (taskId, trial) => ({
    agent: new ReplayClient({ path: cassettePath(dir, taskId, trial, "agent") }),
    user: new ReplayClient({ path: cassettePath(dir, taskId, trial, "user") }),
  });
}
