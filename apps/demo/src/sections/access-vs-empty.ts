import { createCheckRecorder } from "../checks.js";
import type { McpSection } from "../demo-report.js";
import type { McpSession } from "../mcp/mcp-session.js";

/** What an outage must never look like: the valid empty's code or its "no order found" wording. */
const ABSENCE_CLAIM = /ORDER_NOT_FOUND|order not found|no order found|no such order/i;

/**
 * The same request twice with opposite meanings: the store answers and the order is not there (a valid
 * empty, isError false), versus the store cannot be reached (isError true, transient). The outage must
 * never read as "not found".
 */
export async function accessVsEmptySection(keelMcp: McpSession, staged: McpSession): Promise<McpSection> {
  const check = createCheckRecorder("access-vs-empty");
  const request = { tool: "lookup_order", arguments: { order_id: "ORD-4040" } } as const;
  const { row: absent } = await keelMcp.call({ label: "order absent", ...request });
  const { row: unreachable } = await staged.call({ label: "db unreachable", ...request });
  check.equal(
    "order absent: isError false, no category, ORDER_NOT_FOUND",
    [absent.isError, absent.category, absent.code],
    [false, null, "ORDER_NOT_FOUND"],
  );
  check.equal(
    "db unreachable: isError true, transient, retryable, ORDERS_DB_UNREACHABLE",
    [unreachable.isError, unreachable.category, unreachable.retryable, unreachable.code],
    [true, "transient", true, "ORDERS_DB_UNREACHABLE"],
  );
  check.expect(
    "the outage reads UNKNOWN, never as a missing order",
    /UNKNOWN/.test(unreachable.text) && !ABSENCE_CLAIM.test(unreachable.text),
    unreachable.text,
  );
  return { rows: [absent, unreachable], checks: check.checks };
}
