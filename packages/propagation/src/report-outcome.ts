import type { ToolOutcome } from "@keel/errors";
import { outcomeFromFailure } from "./failure-outcome.js";
import type { SubagentReport } from "./types.js";

/**
 * The tool outcome a coordinator receives for a report. A failure becomes an error outcome with the same
 * category, code, retryable and retryAfterMs, and `details: { tool, path }`; success and empty carry the
 * whole report as their data, so the coordinator's model reads the subagent's text and data.
 */
export function outcomeFromReport(report: SubagentReport): ToolOutcome<SubagentReport> {
  switch (report.status) {
    case "failed":
      return outcomeFromFailure(report.failure);
    case "empty":
      return {
        kind: "empty",
        isError: false,
        code: report.empty.code,
        message: report.empty.message,
        data: report,
      };
    case "succeeded":
      return { kind: "success", isError: false, data: report };
  }
}
