import type { ErrorCategory } from "@keel/errors";
import { createCheckRecorder } from "../checks.js";
import type { McpCallRow, McpSection } from "../demo-report.js";
import type { McpCallRequest } from "../mcp/call-row.js";
import type { McpSession } from "../mcp/mcp-session.js";

interface Expected {
  readonly category: ErrorCategory;
  readonly retryable: boolean;
  readonly code: string;
}

const VERIFY_ALICE: McpCallRequest = {
  label: "verify the customer first",
  tool: "get_customer_by_email",
  arguments: { email: "alice@example.com" },
};

/** A process_refund call by Alice (C-1001, verified first) for one of her orders. */
const aliceRefund = (label: string, order_id: string, amount: number, reason: string): McpCallRequest => ({
  label,
  tool: "process_refund",
  arguments: { customer_id: "C-1001", order_id, amount, reason },
});

/**
 * One error of each category of the taxonomy, each a real tools/call over stdio. The staged server
 * supplies what keel-mcp cannot be asked for from outside: an order-store timeout and a refund policy
 * that pays for supervisors only (so the agent role gets REFUND_FORBIDDEN).
 */
export async function errorCategoriesSection(keelMcp: McpSession, staged: McpSession): Promise<McpSection> {
  const check = createCheckRecorder("error-categories");
  const rows: McpCallRow[] = [];
  const expectRow = async (session: McpSession, request: McpCallRequest, expected: Expected) => {
    const { row } = await session.call(request);
    rows.push(row);
    check.equal(
      `${request.label}: isError, ${expected.category}, retryable ${expected.retryable}, ${expected.code}`,
      [row.isError, row.category, row.retryable, row.code],
      [true, expected.category, expected.retryable, expected.code],
    );
  };
  await expectRow(
    staged,
    { label: "transient", tool: "lookup_order", arguments: { order_id: "ORD-1005" } },
    { category: "transient", retryable: true, code: "ORDERS_UPSTREAM_TIMEOUT" },
  );
  await expectRow(
    keelMcp,
    { label: "validation", tool: "lookup_order", arguments: { order_id: "ORD-10O5" } },
    { category: "validation", retryable: true, code: "INVALID_ORDER_ID" },
  );
  await keelMcp.call(VERIFY_ALICE);
  await expectRow(keelMcp, aliceRefund("business", "ORD-1003", 120, "Wool blanket"), {
    category: "business",
    retryable: false,
    code: "ALREADY_REFUNDED",
  });
  await staged.call(VERIFY_ALICE);
  await expectRow(staged, aliceRefund("permission", "ORD-1001", 50, "Arrived broken"), {
    category: "permission",
    retryable: false,
    code: "REFUND_FORBIDDEN",
  });
  return { rows, checks: check.checks };
}
