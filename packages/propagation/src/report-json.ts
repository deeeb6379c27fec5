import { ERROR_CATEGORIES, type ErrorOutcome } from "@keel/errors";
import { z } from "zod/v4";
import type { SubagentReport } from "./types.js";

const failureSchema = z.strictObject({
  category: z.enum(ERROR_CATEGORIES),
  code: z.string().min(1),
  retryable: z.boolean(),
  message: z.string(),
  retryAfterMs: z.number().nonnegative().optional(),
  details: z.record(z.string(), z.json()).optional(),
  tool: z.string().min(1).nullable(),
  path: z.array(z.string().min(1)).min(1),
});

const base = { agent: z.string().min(1), text: z.string(), data: z.json().optional() };

const reportSchema = z
  .discriminatedUnion("status", [
    z.strictObject({ ...base, status: z.literal("succeeded") }),
    z.strictObject({
      ...base,
      status: z.literal("empty"),
      empty: z.strictObject({ code: z.string().min(1), message: z.string() }),
    }),
    z.strictObject({ ...base, status: z.literal("failed"), failure: failureSchema }),
  ])
  .refine((report) => report.status !== "failed" || report.failure.path.at(-1) === report.agent, {
    message: "failure.path must end with the reporting agent",
    path: ["failure", "path"],
  });

/** The result of `parseReport`: a report, or the categorised error that stands in for an unreadable one. */
export type ParsedReport =
  | { readonly ok: true; readonly report: SubagentReport }
  | { readonly ok: false; readonly error: ErrorOutcome };

/** Serialises a report; `parseReport(toJson(report))` gives it back unchanged. */
export function toJson(report: SubagentReport): string {
  return JSON.stringify(report);
}

function malformed(reason: string): ParsedReport {
  return {
    ok: false,
    error: {
      kind: "error",
      isError: true,
      category: "unclassified",
      code: "MALFORMED_SUBAGENT_REPORT",
      retryable: false,
      message:
        `The subagent's report could not be read (${reason}), so what it did is unknown. ` +
        "Do not treat it as a success and do not repeat the call blindly: tell the user or escalate.",
      details: { reason },
    },
  };
}

/**
 * Reads a report from JSON text or an already-parsed value. Anything malformed (bad JSON, a missing
 * or unknown field, a failure without its category) becomes an unclassified MALFORMED_SUBAGENT_REPORT
 * error, never a success; it never throws.
 */
export function parseReport(input: unknown): ParsedReport {
  let value: unknown = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      return malformed("not valid JSON");
    }
  }
  const result = reportSchema.safeParse(value);
  if (result.success) return { ok: true, report: result.data as SubagentReport };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return malformed(`${where}${issue?.message ?? "invalid report"}`);
}

/** True when `value` is a well-formed report (e.g. the data of a subagent tool's success outcome). */
export function isSubagentReport(value: unknown): value is SubagentReport {
  return reportSchema.safeParse(value).success;
}
