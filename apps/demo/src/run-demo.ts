import { createSqlBackend } from "@keel/support-desk";
import { type Check, failedSection } from "./checks.js";
import {
  type ApprovalSection,
  type DemoReport,
  type McpSection,
  NO_MCP_SECTIONS,
  type ScenarioReport,
  type StoreFacts,
} from "./demo-report.js";
import { demoClock } from "./deterministic.js";
import { type McpSession, openMcpSession } from "./mcp/mcp-session.js";
import { keelMcpEntry, stagedServerEntry } from "./mcp/server-entries.js";
import { runDemoScenarios } from "./scenarios/run-scenarios.js";
import { storeFacts } from "./scenarios/store-facts.js";
import { accessVsEmptySection } from "./sections/access-vs-empty.js";
import { agentOverMcpSection } from "./sections/agent-over-mcp.js";
import { approvalSection } from "./sections/approval.js";
import { capBasisSection } from "./sections/cap-basis.js";
import { errorCategoriesSection } from "./sections/error-categories.js";
import { routingSection } from "./sections/routing.js";

/**
 * The faults the staged server plays, in the order the sections consume them: an order-store timeout
 * (transient), an unreachable order store (access failure), and a fee service down twice (the
 * coordinator's attempt and its retry). Refunds there are for supervisors only (permission).
 */
export const STAGED_ARGUMENTS = [
  "--fault",
  "getOrder=timeout",
  "--fault",
  "getOrder=unreachable",
  "--fault",
  "feesForCustomer=unreachable",
  "--fault",
  "feesForCustomer=unreachable",
  "--refund-role",
  "supervisor",
] as const;

type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };
const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

/**
 * Runs the whole demo and returns what it saw; nothing is printed here. Part 1 runs the scenarios on
 * the SQL store (PGlite in memory) while the two MCP servers start; part 2 calls them over stdio. A
 * section that fails to run becomes a failed check, and every process and store is closed at the end.
 */
export async function runDemo(): Promise<DemoReport> {
  const checks: Check[] = [];
  const keelMcpStarting = settle(
    Promise.resolve().then(() =>
      openMcpSession({
        name: "keel-mcp",
        command: "keel-mcp --memory (packages/mcp-server/dist/index.js)",
        entry: keelMcpEntry(),
        args: ["--memory"],
      }),
    ),
  );
  const stagedStarting = settle(
    Promise.resolve().then(() =>
      openMcpSession({
        name: "staged",
        command:
          "apps/demo/dist/staged-server.js: keel-mcp's library on a memory store with queued outages, refunds for supervisors only",
        entry: stagedServerEntry(),
        args: [...STAGED_ARGUMENTS],
      }),
    ),
  );

  let scenarios: ScenarioReport[] = [];
  let store: StoreFacts | null = null;
  let approval: ApprovalSection | null = null;
  try {
    const backend = await createSqlBackend({ now: demoClock });
    try {
      scenarios = await runDemoScenarios(backend);
      store = await storeFacts(backend, "PGlite (embedded PostgreSQL, in memory)");
      try {
        approval = await approvalSection(backend);
      } catch (error) {
        checks.push(failedSection("approval", error));
      }
    } finally {
      await backend.close();
    }
  } catch (error) {
    checks.push(failedSection("scenarios", error));
  }
  for (const scenario of scenarios) checks.push(...scenario.checks);
  if (approval) checks.push(...approval.checks);

  const [keelMcp, staged] = await Promise.all([keelMcpStarting, stagedStarting]);
  const sessions = [keelMcp, staged].flatMap((started) => (started.ok ? [started.value] : []));
  try {
    return {
      ...(await mcpPart(keelMcp, staged, checks)),
      mode: "SIMULATION",
      scenarios,
      store,
      approval,
      checks,
    };
  } finally {
    await Promise.all(sessions.map((session) => session.close().catch(() => {})));
  }
}

async function mcpPart(
  keelMcpStarted: Settled<McpSession>,
  stagedStarted: Settled<McpSession>,
  checks: Check[],
): Promise<Omit<DemoReport, "mode" | "scenarios" | "store" | "approval" | "checks">> {
  if (!keelMcpStarted.ok) {
    checks.push(failedSection("mcp", keelMcpStarted.error));
    return NO_MCP_SECTIONS;
  }
  if (!stagedStarted.ok) {
    checks.push(failedSection("mcp", stagedStarted.error));
    return NO_MCP_SECTIONS;
  }
  const keelMcp = keelMcpStarted.value;
  const staged = stagedStarted.value;
  const run = async <T extends { readonly checks: readonly Check[] }>(
    section: string,
    body: () => Promise<T>,
  ): Promise<T | null> => {
    try {
      const result = await body();
      checks.push(...result.checks);
      return result;
    } catch (error) {
      checks.push(failedSection(section, error));
      return null;
    }
  };
  const routing = await run("routing", () => routingSection(keelMcp));
  const errorCategories: McpSection | null = await run("error-categories", () =>
    errorCategoriesSection(keelMcp, staged),
  );
  const accessVsEmpty = await run("access-vs-empty", () => accessVsEmptySection(keelMcp, staged));
  const capBasis = await run("cap-basis", () => capBasisSection(keelMcp, staged));
  const agentOverMcp = await run("agent-over-mcp", () => agentOverMcpSection());
  const mcpServers = [keelMcp, staged].map((session) => ({
    name: session.name,
    command: session.command,
    tools: session.tools.map((tool) => tool.name),
  }));
  return { routing, errorCategories, accessVsEmpty, capBasis, agentOverMcp, mcpServers };
}
