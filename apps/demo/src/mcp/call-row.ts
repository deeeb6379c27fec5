import { ERROR_CATEGORIES, type ErrorCategory, fromMcpResult, type ToolOutcome } from "@keel/errors";
import { isRecord } from "@keel/errors/internal";
import { KEEL_META_KEY } from "@keel/wire";
import type { McpCallRow } from "../demo-report.js";
import { outcomeSummary } from "../outcome-summary.js";

/** What identifies one tools/call in the printout. */
export interface McpCallRequest {
  readonly label: string;
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

const categoryOf = (value: unknown): ErrorCategory | null =>
  ERROR_CATEGORIES.find((category) => category === value) ?? null;

/**
 * Reads a CallToolResult the way a client that knows Keel does: `isError` from the result, category,
 * code and retryable from `_meta["dev.keel/outcome"]`, the first text line as what the model reads.
 */
export function callRow(server: string, request: McpCallRequest, result: unknown): McpCallRow {
  const record = isRecord(result) ? result : {};
  const metaRoot = isRecord(record._meta) ? record._meta : {};
  const meta = isRecord(metaRoot[KEEL_META_KEY]) ? metaRoot[KEEL_META_KEY] : {};
  const content = Array.isArray(record.content) ? record.content : [];
  const first = content.find((block) => isRecord(block) && block.type === "text");
  const text = isRecord(first) && typeof first.text === "string" ? first.text : "";
  return {
    label: request.label,
    server,
    tool: request.tool,
    arguments: request.arguments,
    isError: record.isError === true,
    category: categoryOf(meta.category),
    retryable: meta.retryable === true,
    code: typeof meta.code === "string" ? meta.code : null,
    text: text.split("\n")[0] ?? "",
    summary: outcomeSummary(fromMcpResult(result)),
  };
}

/** The cap basis a result carries: a number, or null when there is none (an outage carries none). */
export function resolvedBasisOf(outcome: ToolOutcome): number | null {
  if (outcome.kind === "error") return null;
  const data = outcome.data;
  return isRecord(data) && typeof data.resolved_basis === "number" ? data.resolved_basis : null;
}

/** The outcome a Keel-aware client reconstructs from the whole result (what the coordinator reads). */
export const outcomeOfResult = (result: unknown): ToolOutcome => fromMcpResult(result);
