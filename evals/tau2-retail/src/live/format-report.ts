import type { RunManifest } from "./cassettes.js";
import type { EvaluationReport } from "./live-eval.js";

const fixed = (value: number) => value.toFixed(3);

/** The report for people: one line per task (passes, pass^1 … pass^k, how its trials ended), then all tasks. */
export function formatReport(
  report: EvaluationReport,
  manifest: RunManifest,
  mode: "live" | "replay",
): string {
  const hooks = manifest.naive ? "no hooks (naive)" : "policy hooks on";
  const header = `τ² retail, ${manifest.split}: ${manifest.task_ids.length} tasks × ${manifest.k} trials (${mode}; agent ${manifest.model}, user ${manifest.user_model}, ${hooks})`;
  const passHeads = Array.from({ length: manifest.k }, (_, index) => `pass^${index + 1}`);
  const rows = [["task", "passed", ...passHeads, "endings"]];
  for (const task of report.tasks) {
    const endings = new Map<string, number>();
    for (const trial of report.trials)
      if (trial.task_id === task.task_id)
        endings.set(trial.termination, (endings.get(trial.termination) ?? 0) + 1);
    rows.push([
      task.task_id,
      `${task.passes}/${task.trials}`,
      ...task.pass_hat.map(fixed),
      [...endings].map(([ending, count]) => `${ending} ×${count}`).join(", "),
    ]);
  }
  const passes = report.tasks.reduce((sum, task) => sum + task.passes, 0);
  rows.push(["all", `${passes}/${report.trials.length}`, ...report.pass_hat.map(fixed), ""]);
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const table = rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
  const errors =
    report.errors > 0
      ? [`\n${report.errors} trial(s) could not run (model_error); they count as failures.`]
      : [];
  return `${header}\n\n${table.join("\n")}\n${errors.join("")}`;
}

/** The report for programs: the settings, pass^k over tasks, each task's summary and every trial. */
export function jsonReport(report: EvaluationReport, manifest: RunManifest, mode: "live" | "replay"): string {
  const { version: _version, ...settings } = manifest;
  return `${JSON.stringify({ mode, ...settings, ...report })}\n`;
}
