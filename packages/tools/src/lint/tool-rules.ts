import { TOOL_NAME_PATTERN } from "../definition/check-spec.js";
import type { AnalyzedDescription } from "../description/analyze-description.js";
import type { LintFinding } from "./lint-finding.js";

const GENERIC_DOES =
  /^(?:retrieves?|gets?|fetch(?:es)?|returns?|looks? up|provides?|finds?|shows?|handles?|manages?|accesses?)\s+(?:the\s+|a\s+|an\s+|all\s+|some\s+)?(?:[\w-]+\s+){0,2}(?:information|info|data|details|records?|stuff)\.?$/i;
const MINIMUM_CONTENT_TERMS = 3;

/** Findings about one tool on its own: its name and the presence and substance of its four parts. */
export function toolRules(tool: AnalyzedDescription, surfaceSize: number): LintFinding[] {
  const findings: LintFinding[] = [];
  const add = (id: LintFinding["id"], severity: LintFinding["severity"], message: string): void => {
    findings.push({ id, severity, tool: tool.name, message });
  };
  if (!TOOL_NAME_PATTERN.test(tool.name)) {
    add(
      "name-invalid",
      "error",
      `The name ${JSON.stringify(tool.name)} does not match ${TOOL_NAME_PATTERN.source}; the API will reject it.`,
    );
  }
  const allTerms = new Set([
    ...tool.does.stems,
    ...tool.useWhen.flatMap((clause) => [...clause.stems]),
    ...tool.takes.stems,
    ...tool.returns.stems,
  ]);
  // A generic first sentence is harmless when conditions follow; alone, it is the naive getter.
  if (GENERIC_DOES.test(tool.does.text.trim()) && tool.useWhen.length === 0) {
    add(
      "generic-description",
      "warning",
      `"${tool.does.text.trim()}" names a kind of data, not what the tool does or when to pick it over a sibling.`,
    );
  } else if (allTerms.size < MINIMUM_CONTENT_TERMS) {
    add(
      "generic-description",
      "warning",
      "The description has too few content words to tell this tool apart from any other.",
    );
  }
  if (tool.useWhen.length === 0) {
    add(
      "missing-use-when",
      "warning",
      `No "Use when" condition: the description never says which requests this tool is for.`,
    );
  }
  if (tool.doNotUseWhen.length === 0 && surfaceSize > 1) {
    add(
      "missing-do-not-use",
      "warning",
      `No "Do NOT use when" boundary naming the sibling to use instead; nearby requests may land here.`,
    );
  }
  if (tool.takes.text.trim().length === 0) {
    add(
      "missing-takes",
      "warning",
      `No "Takes:" part: say what the input is, with an example identifier (e.g. #12345, ORD-…).`,
    );
  }
  if (tool.returns.text.trim().length === 0) {
    add(
      "missing-returns",
      "warning",
      `No "Returns:" part: say what comes back, including the valid-empty case.`,
    );
  }
  return findings;
}
