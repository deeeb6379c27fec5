import type { SubagentReport } from "./types.js";

/** An MCP CallToolResult with no Keel `_meta`: all a naive wrapper passes on. */
export interface FlattenedResult {
  readonly content: [{ readonly type: "text"; readonly text: string }];
  readonly isError: boolean;
}

/**
 * The distractor of reference 002, kept to show what it costs: a subagent wrapper that reports any
 * failure as the text "it failed". Category, code, retryable, tool and path are gone, so a coordinator
 * can no longer tell a transient outage from a business refusal. Do not use it; use outcomeFromReport.
 */
export function flattenToFailed(report: SubagentReport): FlattenedResult {
  const text = report.status === "failed" ? "it failed" : report.text;
  return { content: [{ type: "text", text }], isError: report.status === "failed" };
}
