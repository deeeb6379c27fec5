import { analyzeDescription, type DescribedTool } from "../description/analyze-description.js";
import type { LintFinding } from "./lint-finding.js";
import { surfaceRules } from "./surface-rules.js";
import { toolRules } from "./tool-rules.js";

/**
 * Lints a tool surface for descriptions that will misroute, the same way for structured and plain-string
 * descriptions (it reads the rendered text). Findings come grouped by tool, in the order given; ids are
 * stable (see the README). Pure: no findings means nothing this linter can see, not a guarantee.
 */
export function lintTools(tools: readonly DescribedTool[]): LintFinding[] {
  const analysed = tools.map(analyzeDescription);
  const findings: LintFinding[] = [];
  const seen = new Set<string>();
  for (const tool of analysed) {
    findings.push(...toolRules(tool, analysed.length));
    if (seen.has(tool.name)) {
      findings.push({
        id: "duplicate-name",
        severity: "error",
        tool: tool.name,
        message: `Two tools are named "${tool.name}"; a name must pick exactly one tool.`,
      });
    }
    seen.add(tool.name);
  }
  const surface = surfaceRules(analysed);
  const order = new Map<string, number>();
  analysed.forEach((tool, index) => {
    if (!order.has(tool.name)) order.set(tool.name, index);
  });
  const all = [...findings, ...surface];
  return all
    .map((finding, index) => ({ finding, index }))
    .sort(
      (left, right) =>
        (order.get(left.finding.tool) ?? 0) - (order.get(right.finding.tool) ?? 0) ||
        left.index - right.index,
    )
    .map((entry) => entry.finding);
}
