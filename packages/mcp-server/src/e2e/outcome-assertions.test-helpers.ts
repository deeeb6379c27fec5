import { KEEL_META_KEY } from "@keel/wire";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { expect } from "vitest";

type ResultLike = {
  readonly isError?: boolean | undefined;
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly _meta?: Record<string, unknown> | undefined;
};

export function textOf(result: ResultLike): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content.map((block: { text?: string }) => block.text ?? "").join("\n");
}

export function outcomeMetaOf(result: ResultLike): Record<string, unknown> {
  return (result._meta?.[KEEL_META_KEY] ?? {}) as Record<string, unknown>;
}

/** The shape every Keel error result has: isError, code and guidance in the text, category in _meta. */
export function expectKeelError(result: ResultLike, category: string, code: string): void {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(textOf(result)).toContain(`Error ${code} (category: ${category}`);
  expect(textOf(result)).toMatch(/retry/i);
  expect(outcomeMetaOf(result)).toMatchObject({ kind: "error", category, code });
}

/**
 * Sends the same refund twice, on an order not refunded before: the retry answers with the first refund
 * (`duplicate: true`, the same refund id) and the order's total shows one payment.
 */
export async function expectRetriedRefundPaidOnce(
  client: Client,
  refund: {
    readonly customer_id: string;
    readonly order_id: string;
    readonly amount: number;
    readonly reason: string;
  },
): Promise<void> {
  const call = { name: "process_refund", arguments: refund };
  const first = await client.callTool(call);
  const retried = await client.callTool(call);
  expect(first.structuredContent).toMatchObject({ duplicate: false, order_refunded_total: refund.amount });
  expect(retried.structuredContent).toMatchObject({
    refund_id: (first.structuredContent as { refund_id: string }).refund_id,
    duplicate: true,
    order_refunded_total: refund.amount,
  });
}
