import {
  fromMcpResult,
  fromToolResultBlock,
  type ToolOutcome,
  toMcpResult,
  toToolResultBlock,
} from "@keel/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agentNameArbitrary, failureFieldsArbitrary, toolNameArbitrary } from "./arbitraries.test-helpers.js";
import { call, errorOutcome, fakeRun } from "./fakes.test-helpers.js";
import { reportFromRun } from "./report-from-run.js";
import { parseReport, toJson } from "./report-json.js";
import { outcomeFromReport } from "./report-outcome.js";
import type { SubagentReport } from "./types.js";

type Wire = "tool_result" | "mcp";

const acrossWire = (outcome: ToolOutcome, wire: Wire): ToolOutcome =>
  wire === "mcp"
    ? fromMcpResult(JSON.parse(JSON.stringify(toMcpResult(outcome))))
    : fromToolResultBlock(JSON.parse(JSON.stringify(toToolResultBlock("toolu_01", outcome)))).outcome;

function viaJson(report: SubagentReport): SubagentReport {
  const parsed = parseReport(toJson(report));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.report;
}

/** Each agent's run ends on the outcome its child (or, innermost, the failing tool) returned. */
function propagate(origin: ToolOutcome, tool: string, agents: readonly string[], wires: readonly Wire[]) {
  let outcome = origin;
  let toolName = tool;
  let report: SubagentReport | undefined;
  agents.forEach((agent, hop) => {
    report = viaJson(reportFromRun(agent, fakeRun([call(toolName, outcome)])));
    outcome = acrossWire(outcomeFromReport(report), wires[hop] ?? "tool_result");
    toolName = `ask_${agent}`;
  });
  return { report: report as SubagentReport, outcome };
}

describe("propagation across hops and JSON", () => {
  it.each([1, 2, 3])("keeps category, code, retryable, tool and path across %i hop(s)", (hops) => {
    const agents = ["fees", "billing", "support"].slice(0, hops);
    const origin = errorOutcome("transient", "FEE_SERVICE_UNREACHABLE", { retryAfterMs: 1000 });
    const { report, outcome } = propagate(origin, "resolve_cap_basis", agents, ["mcp", "tool_result", "mcp"]);
    const expected = {
      category: "transient",
      code: "FEE_SERVICE_UNREACHABLE",
      retryable: true,
      retryAfterMs: 1000,
    };
    expect(report).toMatchObject({ agent: agents.at(-1), status: "failed" });
    expect(report.status === "failed" && report.failure).toMatchObject({
      ...expected,
      tool: "resolve_cap_basis",
      path: agents,
    });
    expect(outcome).toMatchObject({ ...expected, details: { tool: "resolve_cap_basis", path: agents } });
  });

  it("keeps every category, code and retryable flag across 1 to 3 hops over either wire (property)", () => {
    fc.assert(
      fc.property(
        failureFieldsArbitrary,
        toolNameArbitrary,
        fc.array(agentNameArbitrary, { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom<Wire>("tool_result", "mcp"), { minLength: 3, maxLength: 3 }),
        (fields, tool, agents, wires) => {
          const origin = errorOutcome(fields.category, fields.code, {
            retryable: fields.retryable,
            message: fields.message,
            ...(fields.retryAfterMs === undefined ? {} : { retryAfterMs: fields.retryAfterMs }),
          });
          const { report, outcome } = propagate(origin, tool, agents, wires);
          if (report.status !== "failed") throw new Error("expected a failure");
          const { category, code, retryable, retryAfterMs, message } = report.failure;
          expect({ category, code, retryable, retryAfterMs, message }).toEqual({
            category: fields.category,
            code: fields.code,
            retryable: fields.retryable,
            retryAfterMs: fields.retryAfterMs,
            message: fields.message,
          });
          expect(report.failure.tool).toBe(tool);
          expect(report.failure.path).toEqual(agents);
          expect(outcome).toMatchObject({ category, code, retryable, details: { tool, path: agents } });
        },
      ),
    );
  });

  it("keeps the failing tool's own details beside tool and path", () => {
    const origin = errorOutcome("validation", "INVALID_ORDER_ID", { details: { field: "order_id" } });
    const { outcome } = propagate(origin, "lookup_order", ["orders", "support"], ["mcp", "mcp"]);
    expect(outcome).toMatchObject({
      details: { field: "order_id", tool: "lookup_order", path: ["orders", "support"] },
    });
  });

  it("carries a run-level failure with tool null up the path", () => {
    const inner = reportFromRun("fees", fakeRun([], { status: "max_iterations" }));
    const outer = reportFromRun(
      "billing",
      fakeRun([call("ask_fees", acrossWire(outcomeFromReport(inner), "mcp"))]),
    );
    expect(outer).toMatchObject({
      failure: {
        code: "SUBAGENT_MAX_ITERATIONS",
        category: "unclassified",
        tool: null,
        path: ["fees", "billing"],
      },
    });
  });

  it("reads a success report back from the wire as the same report", () => {
    const report = reportFromRun(
      "fees",
      fakeRun([call("resolve_cap_basis", { kind: "success", isError: false, data: { resolved_basis: 5 } })]),
    );
    for (const wire of ["mcp", "tool_result"] as const) {
      expect(acrossWire(outcomeFromReport(report), wire)).toEqual({
        kind: "success",
        isError: false,
        data: report,
      });
    }
  });
});
