import type { DemoReport } from "../demo-report.js";
import { padEnd } from "./format.js";
import { renderSummary } from "./render-checks.js";
import { renderApproval, renderScenario, renderStoreFacts } from "./render-scenarios.js";
import {
  renderAccessVsEmpty,
  renderAgentOverMcp,
  renderCallSection,
  renderCapBasis,
  renderRouting,
} from "./render-sections.js";
import type { Style } from "./style.js";

/** The banner of reference 000's mode detection: the demo is always a simulation. */
export function modeBanner(style: Style): string {
  return `${style.bold(style.yellow("SIMULATION"))}  scripted Messages API responses · no API key, no network · the same output on every run`;
}

/** The whole demo for people: part 1 (reference 000), the store, part 2 (reference 002), the summary. */
export function renderText(report: DemoReport, style: Style): string {
  const lines: string[] = [modeBanner(style), ""];
  lines.push(
    style.bold(
      "PART 1 · the support agent (reference 000): runAgent + ScriptedClient + business hooks + SQL store",
    ),
    "",
  );
  report.scenarios.forEach((scenario, index) => {
    lines.push(...renderScenario(scenario, index + 1, style), "");
  });
  if (report.store) lines.push(...renderStoreFacts(report.store, style), "");
  if (report.approval) lines.push(...renderApproval(report.approval, style), "");

  lines.push(style.bold("PART 2 · tool and error design (reference 002), through the MCP server over stdio"));
  for (const server of report.mcpServers) {
    lines.push(`  ${style.dim(padEnd(server.name, 10))}${server.command} · ${server.tools.length} tools`);
  }
  lines.push("");
  if (report.routing) lines.push(...renderRouting(report.routing, style), "");
  if (report.errorCategories) {
    lines.push(...renderCallSection("four error categories", report.errorCategories, style), "");
  }
  if (report.accessVsEmpty) lines.push(...renderAccessVsEmpty(report.accessVsEmpty, style), "");
  if (report.capBasis) lines.push(...renderCapBasis(report.capBasis, style), "");
  if (report.agentOverMcp) lines.push(...renderAgentOverMcp(report.agentOverMcp, style), "");

  lines.push(...renderSummary(report.checks, style));
  return `${lines.join("\n")}\n`;
}
