import type { AnalyzedClause, AnalyzedDescription } from "../description/analyze-description.js";
import type { LintFinding } from "./lint-finding.js";

const MINIMUM_SHARED_TERMS = 2;
const MINIMUM_OVERLAP = 0.5;

/** Findings about how the tools relate: the siblings each boundary names and overlaps nobody separates. */
export function surfaceRules(tools: readonly AnalyzedDescription[]): LintFinding[] {
  const names = new Set(tools.map((tool) => tool.name));
  const findings: LintFinding[] = [];
  for (const tool of tools) {
    for (const boundary of tool.doNotUseWhen) {
      if (boundary.useInstead !== null && !names.has(boundary.useInstead)) {
        findings.push({
          id: "unknown-sibling",
          severity: "error",
          tool: tool.name,
          message: `The boundary "${boundary.text}" sends the model to "${boundary.useInstead}", which is not in this tool set.`,
        });
      }
      if (boundary.useInstead === null) {
        const sibling = tools.find(
          (other) => other !== tool && other.useWhen.some((clause) => overlaps(clause, boundary)),
        );
        if (sibling) {
          findings.push({
            id: "boundary-without-sibling",
            severity: "warning",
            tool: tool.name,
            message: `The boundary "${boundary.text}" names no tool to use instead, but it reads like "${sibling.name}"'s use-when; end it with "— use ${sibling.name} instead".`,
          });
        }
      }
    }
    for (const target of siblingsNamedBy(tool)) {
      const other = tools.find((candidate) => candidate.name === target);
      if (other && other !== tool && !siblingsNamedBy(other).has(tool.name)) {
        findings.push({
          id: "one-sided-boundary",
          severity: "warning",
          tool: other.name,
          message: `"${tool.name}" sends requests to "${other.name}", but "${other.name}" never names "${tool.name}" in a do-NOT-use boundary, so it reads as a catch-all for "${tool.name}"'s requests.`,
        });
      }
    }
  }
  return [...findings, ...overlapFindings(tools)];
}

function overlapFindings(tools: readonly AnalyzedDescription[]): LintFinding[] {
  const findings: LintFinding[] = [];
  tools.forEach((tool, index) => {
    for (const other of tools.slice(index + 1)) {
      if (siblingsNamedBy(tool).has(other.name) || siblingsNamedBy(other).has(tool.name)) continue;
      const shared = sharedVocabulary(tool, other);
      if (shared.length === 0) continue;
      findings.push({
        id: "overlap-without-boundary",
        severity: "error",
        tool: tool.name,
        message: `"${tool.name}" and "${other.name}" share vocabulary (${shared.join(", ")}) and neither names the other in a do-NOT-use boundary; requests that fit both will be routed by chance.`,
      });
    }
  });
  return findings;
}

function sharedVocabulary(left: AnalyzedDescription, right: AnalyzedDescription): string[] {
  const leftTerms = vocabulary(left);
  const rightTerms = vocabulary(right);
  const shared = [...leftTerms.keys()]
    .filter((term) => rightTerms.has(term))
    .map((term) => leftTerms.get(term) as string)
    .sort();
  const overlap = shared.length / Math.max(1, Math.min(leftTerms.size, rightTerms.size));
  const sharedShapes = [...declaredShapes(left)].filter((shape) => declaredShapes(right).has(shape)).sort();
  if (sharedShapes.length > 0) return [...sharedShapes.map((shape) => `identifier ${shape}`), ...shared];
  return shared.length >= MINIMUM_SHARED_TERMS && overlap >= MINIMUM_OVERLAP ? shared : [];
}

/** Stem → word over what the tool does, takes and is used for (not its boundaries or returns). */
function vocabulary(tool: AnalyzedDescription): Map<string, string> {
  const words = new Map<string, string>();
  for (const clause of [tool.does, tool.takes, ...tool.useWhen]) {
    for (const [stem, word] of clause.words) if (!words.has(stem)) words.set(stem, word);
  }
  return words;
}

function declaredShapes(tool: AnalyzedDescription): Set<string> {
  return new Set([tool.takes, ...tool.useWhen].flatMap((clause) => [...clause.shapes]));
}

function overlaps(left: AnalyzedClause, right: AnalyzedClause): boolean {
  const sharedTerms = [...left.stems].filter((stem) => right.stems.has(stem)).length;
  const sharedShapes = [...left.shapes].some((shape) => right.shapes.has(shape));
  return sharedShapes || sharedTerms >= MINIMUM_SHARED_TERMS;
}

function siblingsNamedBy(tool: AnalyzedDescription): Set<string> {
  return new Set(tool.doNotUseWhen.flatMap((boundary) => (boundary.useInstead ? [boundary.useInstead] : [])));
}
