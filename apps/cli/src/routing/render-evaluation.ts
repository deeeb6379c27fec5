import type { Style } from "../terminal/style.js";
import { plural } from "../trace/format-steps.js";
import { AMBIGUOUS } from "./corpus.js";
import { NONE, type RoutingEvaluation } from "./evaluate-routing.js";

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** Column keys: 1, 2, … for tools, A for AMBIGUOUS, - for none; the rows spell the names out. */
function keyOf(label: string, index: number): string {
  if (label === AMBIGUOUS) return "A";
  if (label === NONE) return "-";
  return String(index + 1);
}

/** The confusion table: rows are what the corpus expects, columns what the router chose. */
export function confusionTable(evaluation: RoutingEvaluation, style: Style): string {
  const { labels, confusion } = evaluation;
  const keys = labels.map(keyOf);
  const rowNames = labels.map((label, index) => `${keys[index]} ${label}`);
  const nameWidth = Math.max("expected \\ routed".length, ...rowNames.map((name) => name.length));
  const cellWidth = Math.max(
    3,
    ...labels.map(
      (expected) => Math.max(0, ...Object.values(confusion[expected] ?? {})).toString().length + 1,
    ),
  );
  const header = `${"expected \\ routed".padEnd(nameWidth)} ${keys.map((key) => key.padStart(cellWidth)).join("")}`;
  const rows = labels.map((expected, row) => {
    const cells = labels.map((routed) => {
      const count = confusion[expected]?.[routed] ?? 0;
      const text = (count === 0 ? "." : String(count)).padStart(cellWidth);
      if (count === 0) return style.dim(text);
      return expected === routed ? style.green(text) : style.red(text);
    });
    return `${(rowNames[row] ?? "").padEnd(nameWidth)} ${cells.join("")}`;
  });
  return [style.bold(header), ...rows].join("\n");
}

export interface EvaluationHeading {
  readonly corpus: string;
  readonly surface: string;
  readonly router: string;
  readonly min: number | undefined;
  readonly passed: boolean;
}

/** The whole report for people: figures, table, every miss (UNSAFE marked), and the verdict. */
export function renderEvaluation(
  evaluation: RoutingEvaluation,
  heading: EvaluationHeading,
  style: Style,
): string {
  const lines = [
    `${style.bold("Routing evaluation")} of ${heading.corpus} · surface ${heading.surface} · ${heading.router}`,
    "",
    `  accuracy          ${style.bold(percent(evaluation.accuracy))} (${evaluation.correct}/${evaluation.total})`,
    `  ambiguous         ${evaluation.ambiguous}`,
    `  unsafe misroutes  ${evaluation.unsafeMisroutes === 0 ? style.green("0") : style.red(String(evaluation.unsafeMisroutes))}  (a read-only or off-topic request routed to a write tool)`,
    "",
    confusionTable(evaluation, style),
  ];
  const misses = evaluation.results.filter((result) => !result.correct);
  if (misses.length > 0) {
    lines.push("", style.bold("Misroutes"));
    for (const miss of misses) {
      const mark = miss.unsafe ? style.red("UNSAFE ") : "";
      lines.push(`  ${mark}line ${miss.line}: "${miss.request}"`);
      lines.push(style.dim(`      expected ${miss.expected}, routed ${miss.routed} — ${miss.reason}`));
    }
  }
  const threshold = heading.min === undefined ? "" : ` (minimum ${percent(heading.min)})`;
  const verdict = heading.passed
    ? style.green(`✔ passed${threshold}`)
    : style.red(
        `✘ failed${threshold}: ${[
          ...(heading.min !== undefined && evaluation.accuracy < heading.min
            ? ["accuracy under the minimum"]
            : []),
          ...(evaluation.unsafeMisroutes > 0 ? [plural(evaluation.unsafeMisroutes, "unsafe misroute")] : []),
        ].join(", ")}`,
      );
  lines.push("", verdict);
  return `${lines.join("\n")}\n`;
}
