import type { Check } from "../checks.js";
import type { Style } from "./style.js";

/** One line per check: ✓ in green, or ✗ in red with what was seen instead. */
export function renderChecks(checks: readonly Check[], style: Style, indent = "  "): string[] {
  return checks.map((check) =>
    check.passed
      ? `${indent}${style.green("✓")} ${style.dim(check.name)}`
      : `${indent}${style.red("✗")} ${check.name}${check.detail ? style.red(` — ${check.detail}`) : ""}`,
  );
}

/** The last line: the demo is a smoke test, so it says how many of its own checks held. */
export function renderSummary(checks: readonly Check[], style: Style): string[] {
  const failed = checks.filter((check) => !check.passed);
  if (failed.length === 0) {
    return [style.green(style.bold(`✓ all ${checks.length} checks passed`))];
  }
  return [
    style.red(style.bold(`✗ ${failed.length} of ${checks.length} checks failed:`)),
    ...failed.map(
      (check) => style.red(`  [${check.section}] ${check.name}`) + (check.detail ? ` — ${check.detail}` : ""),
    ),
  ];
}
