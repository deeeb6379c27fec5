import type { DemoReport, McpCallRow, RouteRow } from "../demo-report.js";

const routeJson = (row: RouteRow | undefined) =>
  row ? { tool: row.tool, ambiguous: row.ambiguous, reason: row.reason } : null;

const callJson = (row: McpCallRow) => ({
  label: row.label,
  server: row.server,
  tool: row.tool,
  arguments: row.arguments,
  isError: row.isError,
  category: row.category,
  retryable: row.retryable,
  code: row.code,
  ...(row.resolvedBasis === undefined ? {} : { resolvedBasis: row.resolvedBasis }),
});

/**
 * The machine-readable summary printed by `--json`: one object with `ok`, the check counts (and every
 * failure), and per section the fields the text shows. Stable keys, no timestamps.
 */
export function toJsonSummary(report: DemoReport) {
  const failures = report.checks.filter((check) => !check.passed);
  return {
    mode: report.mode,
    ok: failures.length === 0,
    checks: {
      passed: report.checks.length - failures.length,
      failed: failures.length,
      total: report.checks.length,
      failures: failures.map(({ section, name, detail }) => ({ section, name, detail: detail ?? null })),
    },
    scenarios: report.scenarios.map((scenario) => ({
      name: scenario.name,
      status: scenario.status,
      text: scenario.text,
      iterations: scenario.iterations,
      modelRequests: scenario.modelRequests,
      toolCalls: scenario.rounds.flatMap((round) =>
        round.calls.map((call) => ({
          id: call.id,
          requested: call.requested,
          executed: call.executed,
          input: call.input,
          decision: call.decision,
          hook: call.hook,
          isError: call.isError,
          category: call.category,
          code: call.code,
          attempts: call.attempts,
        })),
      ),
    })),
    store: report.store,
    approval: report.approval && {
      ticketId: report.approval.ticketId,
      heldStatus: report.approval.heldStatus,
      held: report.approval.held,
      decision: report.approval.decision,
      repeatedStatus: report.approval.repeatedStatus,
      refundsPaid: report.approval.refundsPaid,
      answer: report.approval.answer,
    },
    routing: report.routing && {
      request: report.routing.request,
      withBoundaries: routeJson(report.routing.rows[0]),
      overMcp: routeJson(report.routing.rows[1]),
      naive: routeJson(report.routing.rows[2]),
    },
    errorCategories: report.errorCategories?.rows.map(callJson) ?? null,
    accessVsEmpty: report.accessVsEmpty?.rows.map(callJson) ?? null,
    capBasis: report.capBasis && {
      asOf: report.capBasis.asOf,
      rows: report.capBasis.rows.map(callJson),
      coordinator: report.capBasis.coordinator,
      decision: report.capBasis.coordinator.at(-1)?.decision ?? null,
    },
    agentOverMcp: report.agentOverMcp && {
      servers: report.agentOverMcp.servers,
      calls: report.agentOverMcp.calls,
      refundStatus: report.agentOverMcp.refundStatus,
      outageStatus: report.agentOverMcp.outageStatus,
    },
    mcp: { transport: "stdio", servers: report.mcpServers },
  };
}
