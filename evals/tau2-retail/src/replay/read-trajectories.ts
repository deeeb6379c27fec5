import { describeJsonError, parseJsonText } from "@keel/diagnostics";
import { z } from "zod/v4";
import type { Trajectory } from "./trajectory.js";

// A call's arguments are an object, as a tool_use input is; τ²'s own gold actions (tasks.json) also carry
// `action_id`, `info` and `requestor`, accepted so they can be pasted as they are (and not replayed).
const call = z
  .strictObject({
    name: z.string().min(1),
    arguments: z.record(z.string(), z.unknown(), {
      error: (issue) =>
        issue.input === undefined
          ? "missing: each call needs its arguments (an object, {} when the tool takes none)"
          : "must be an object of the tool's arguments",
    }),
    action_id: z.string().optional(),
    info: z.unknown().optional(),
    requestor: z.string().optional(),
  })
  .transform(({ name, arguments: args }) => ({ name, arguments: args }));
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

/**
 * Trajectories of a JSON Lines text (blank lines skipped), or the first problem, naming its line: a line that
 * is not JSON or not a trajectory, an id used twice (the output names trajectories by id), or no trajectory.
 */
export function readTrajectories(
  text: string,
): { ok: true; trajectories: Trajectory[] } | { ok: false; problem: string } {
  const trajectories: Trajectory[] = [];
  const seen = new Map<string, number>();
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
      const issue = checked.error.issues[0] && specific(checked.error.issues[0]);
      const where = issue?.path.length ? issue.path.join(".") : "the line";
      return {
        ok: false,
        problem: `line ${index + 1}: ${where}: ${issue?.message ?? "not a trajectory"} (a trajectory is {"id","task_id","steps":[{"user"}|{"assistant"}|{"calls":[{"name","arguments"}]}]})`,
      };
    }
    const first = seen.get(checked.data.id);
    if (first !== undefined)
      return {
        ok: false,
        problem: `line ${index + 1}: id "${checked.data.id}" is already used on line ${first}: give each trajectory its own id`,
      };
    seen.set(checked.data.id, index + 1);
    trajectories.push(checked.data as Trajectory);
  }
  if (trajectories.length === 0)
    return { ok: false, problem: "no trajectory: the file is empty or holds only blank lines" };
  return { ok: true, trajectories };
}

/**
 * The issue of the step kind a line meant: a step that fails every kind is reported by the kind whose
 * fields it has (a `calls` step with bad arguments names the arguments, not "Invalid input").
 */
function specific(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== "invalid_union") return issue;
  const meant = issue.errors.find(
    (branch) => branch.length > 0 && branch.every((inner) => inner.code !== "unrecognized_keys"),
  );
  const inner = meant?.[0];
  return inner === undefined ? issue : specific({ ...inner, path: [...issue.path, ...inner.path] });
}
