import { createMemoryBackend, createSupportTools } from "@keel/support-desk";
import { createNaiveTools } from "@keel/support-desk/internal";
import { type DescribedTool, route } from "@keel/tools";
import { createCheckRecorder } from "../checks.js";
import type { RouteRow, RoutingSection } from "../demo-report.js";
import type { McpSession } from "../mcp/mcp-session.js";

/** Reference 002's headline request. */
export const ROUTING_REQUEST = "check order #12345 status";

const routeRow = (surface: string, tools: readonly DescribedTool[]): RouteRow => {
  const result = route(ROUTING_REQUEST, tools);
  return { surface, tool: result.tool, ambiguous: result.ambiguous, reason: result.reason };
};

/**
 * The same request routed over three surfaces by the deterministic router (the offline stand-in for the
 * model's choice): the support tools' boundaried descriptions, the same descriptions as keel-mcp lists
 * them over MCP, and the naive "Retrieves X information" getters. Then the chosen tool is called over MCP.
 */
export async function routingSection(keelMcp: McpSession): Promise<RoutingSection> {
  const check = createCheckRecorder("routing");
  // The tools are only described here, never run: any store will do.
  const backend = createMemoryBackend();
  const advertised = keelMcp.tools.map((tool) => ({ name: tool.name, description: tool.description ?? "" }));
  const rows = [
    routeRow("with mutual boundaries", createSupportTools(backend)),
    routeRow("keel-mcp tools/list", advertised),
    routeRow("with naive getters", createNaiveTools(backend)),
  ];
  const [boundaried, overMcp, naive] = rows;
  check.equal("with boundaries the request routes to lookup_order", boundaried?.tool, "lookup_order");
  check.equal("the descriptions keel-mcp advertises route it the same way", overMcp?.tool, "lookup_order");
  check.expect(
    "with naive getters the same request is AMBIGUOUS between get_customer and lookup_order",
    naive?.tool === null &&
      JSON.stringify(naive.ambiguous) === JSON.stringify(["get_customer", "lookup_order"]),
    JSON.stringify(naive),
  );
  const { row: followUp } = await keelMcp.call({
    label: "routed call",
    tool: "lookup_order",
    arguments: { order_id: "#12345" },
  });
  check.expect(
    "the routed call answers over MCP with order ORD-12345",
    !followUp.isError && followUp.summary.includes("ORD-12345"),
    followUp.summary,
  );
  await backend.close();
  return { request: ROUTING_REQUEST, rows, checks: check.checks, followUp };
}
