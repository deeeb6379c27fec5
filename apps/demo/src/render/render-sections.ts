import type {
  AgentOverMcpSection,
  CapBasisSection,
  McpCallRow,
  McpSection,
  RoutingSection,
} from "../demo-report.js";
import { clip, compactJson, padEnd } from "./format.js";
import { renderChecks } from "./render-checks.js";
import type { Style } from "./style.js";

const heading = (title: string, style: Style) => style.bold(`=== ${title} ===`);

interface Widths {
  readonly label: number;
  readonly code: number;
}

const widthsOf = (rows: readonly McpCallRow[]): Widths => ({
  label: Math.max(...rows.map((row) => row.label.length)) + 2,
  code: Math.max(...rows.map((row) => `code=${row.code ?? "None"}`.length)) + 1,
});

/** The row format of reference 002: isError, category, retryable, code — read from `_meta`. */
function callLine(row: McpCallRow, widths: Widths, style: Style): string {
  const basis =
    row.resolvedBasis === undefined
      ? ""
      : `resolved_basis=${row.resolvedBasis === null ? "NONE" : row.resolvedBasis}`;
  const fields = [
    padEnd(row.label, widths.label),
    padEnd(`isError=${row.isError}`, 14),
    padEnd(`category=${row.category ?? "None"}`, 20),
    padEnd(`retryable=${row.retryable}`, 16),
    padEnd(`code=${row.code ?? "None"}`, widths.code),
    basis ? padEnd(basis, 20) : "",
  ].join("");
  const via = style.dim(`[${row.server}: ${row.tool} ${compactJson(row.arguments, 120)}]`);
  return `${row.isError ? style.red(fields) : fields}${via}`;
}

export function renderRouting(section: RoutingSection, style: Style): string[] {
  const width = Math.max(...section.rows.map((row) => row.surface.length)) + 2;
  const lines = [heading(`routing: ${JSON.stringify(section.request)}`, style)];
  for (const row of section.rows) {
    const choice =
      row.tool ?? style.yellow(`AMBIGUOUS (ambiguous between ${(row.ambiguous ?? []).join(", ")})`);
    lines.push(`${padEnd(row.surface, width)}-> ${choice}`);
  }
  const followUp = section.followUp;
  lines.push(
    `${padEnd("then over MCP", width)}-> ${followUp.tool} ${compactJson(followUp.arguments)}: ${followUp.summary}`,
  );
  lines.push(...renderChecks(section.checks, style));
  return lines;
}

export function renderCallSection(title: string, section: McpSection, style: Style): string[] {
  const widths = widthsOf(section.rows);
  return [
    heading(title, style),
    ...section.rows.map((row) => callLine(row, widths, style)),
    ...renderChecks(section.checks, style),
  ];
}

/** Access failure vs valid empty, with what the model reads in each case. */
export function renderAccessVsEmpty(section: McpSection, style: Style): string[] {
  const widths = widthsOf(section.rows);
  const lines = [heading("access failure vs. valid empty (same request, opposite meaning)", style)];
  lines.push(...section.rows.map((row) => callLine(row, widths, style)));
  for (const row of section.rows) {
    lines.push(`  ${style.dim(`the model reads (${row.label}):`)} ${clip(row.text, 220)}`);
  }
  lines.push(...renderChecks(section.checks, style));
  return lines;
}

export function renderCapBasis(section: CapBasisSection, style: Style): string[] {
  const widths = widthsOf(section.rows);
  const lines = [
    heading(`cross-domain resolve_cap_basis (as of ${section.asOf}, trailing 12 months)`, style),
  ];
  lines.push(...section.rows.map((row) => callLine(row, widths, style)));
  lines.push(`coordinator (coordinatorPolicy, requiredFields ["resolved_basis"]):`);
  for (const row of section.coordinator) {
    const decision = row.decision === "escalate" ? style.yellow(style.bold(row.decision)) : row.decision;
    lines.push(
      `  ${padEnd(row.label, widths.label)}attempt ${row.attempt}/${row.maxAttempts} -> ${decision}`,
    );
  }
  lines.push(...renderChecks(section.checks, style));
  return lines;
}

/** The support agent with its tools over MCP: each call, and what crossed the hop. */
export function renderAgentOverMcp(section: AgentOverMcpSection, style: Style): string[] {
  const lines = [
    heading("the support agent with its tools over MCP (@keel/mcp-client → keel-mcp, not imported)", style),
    `  servers: ${section.servers.join(", ")}`,
  ];
  const width = Math.max(...section.calls.map((call) => call.requested.length)) + 2;
  for (const call of section.calls) {
    const route = call.executed !== null && call.executed !== call.requested ? ` → ${call.executed}` : "";
    lines.push(`  ${padEnd(call.requested, width)}${call.decision}${route} · ${call.outcome}`);
  }
  lines.push(`  runs: refund ${section.refundStatus}, outage ${section.outageStatus}`);
  lines.push(...renderChecks(section.checks, style));
  return lines;
}
