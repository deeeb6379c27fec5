import { describeJsonError, parseJsonText } from "@keel/diagnostics";
import { z } from "zod/v4";
import type { Trajectory } from "./trajectory.js";

const call = z.strictObject({ name: z.string().min(1), arguments: z.unknown() });
const step = z.union([
  z.strictObject({ user: z.string() }),
  z.strictObject({ assistant: z.string() }),
  z.strictObject({ calls: z.array(call).min(1) }),
]);
const trajectory = z.strictObject({
  id: z.string().min(1),
  task_id: z.string().min(1),
  steps: z.array(step),
});

/** Trajectories of a JSON Lines text (blank lines skipped), or the first problem, naming its line. */
export function readTrajectories(
  text: string,
): { ok: true; trajectories: Trajectory[] } | { ok: false; problem: string } {
  const trajectories: Trajectory[] = [];
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const parsed = parseJsonText(line);
    if (!parsed.ok)
      return {
        ok: false,
        problem: describeJsonError(line, { format: "JSON Lines", firstLine: index + 1 }),
      };
    const checked = trajectory.safeParse(parsed.value);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue?.path.length ? issue.path.join(".") : "the line";
      return {
        ok: false,
        problem: `line ${index + 1}: ${where}: ${issue?.message ?? "not a trajectory"} (a trajectory is {"id","task_id","steps":[{"user"}|{"assistant"}|{"calls":[{"name","arguments"}]}]})`,
      };
    }
    trajectories.push(checked.data as Trajectory);
  }
  return { ok: true, trajectories };
}
