import { createMemoryBackend, createSupportTools } from "@keel/support-desk";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectStdioClient } from "./built-server.test-helpers.js";
import {
  expectKeelError,
  expectRetriedRefundPaidOnce,
  outcomeMetaOf,
  textOf,
} from "./outcome-assertions.test-helpers.js";

const SUPPORT_TOOLS = createSupportTools(createMemoryBackend()).map((tool) => tool.name);

describe("the built server over stdio, through the SDK client", () => {
  let client: Client;

  beforeAll(async () => {
    client = await connectStdioClient();
  });

  afterAll(async () => {
    await client.close();
  });

  it("lists every support tool with input and output schemas and all four annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(SUPPORT_TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description).toContain("Do NOT use when");
      expect(Object.keys(tool.annotations ?? {}).sort()).toEqual([
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "readOnlyHint",
      ]);
      expect(tool.annotations?.openWorldHint).toBe(false);
    }
    const refund = tools.find((tool) => tool.name === "process_refund");
    expect(refund?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    const lookup = tools.find((tool) => tool.name === "lookup_order");
    expect(lookup?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  // A lookup either finds the order or is a valid empty: both are answers the client accepts, not errors.
  for (const { does, orderId, structured, meta } of [
    {
      does: "returns a success with structuredContent the client checked against the output schema",
      orderId: "ORD-1001",
      structured: { order_id: "ORD-1001", customer_id: "C-1001", amount: 50 },
      meta: { kind: "success" },
    },
    {
      does: "answers a missing order as a valid empty that the client accepts, with the code in structuredContent",
      orderId: "ORD-9999",
      structured: {
        outcome: "empty",
        code: "ORDER_NOT_FOUND",
        message: expect.stringContaining("not an outage"),
        data: { order_id: "ORD-9999" },
      },
      meta: { kind: "empty", code: "ORDER_NOT_FOUND" },
    },
  ]) {
    it(does, async () => {
      const result = await client.callTool({ name: "lookup_order", arguments: { order_id: orderId } });
      expect(result.isError).toBe(false);
      expect(result.structuredContent).toMatchObject(structured);
      expect(outcomeMetaOf(result)).toMatchObject(meta);
    });
  }

  it("answers an error with isError, code and guidance in the text, the category in _meta, no structuredContent", async () => {
    await client.callTool({ name: "get_customer_by_id", arguments: { customer_id: "C-1001" } });
    const result = await client.callTool({
      name: "process_refund",
      arguments: { customer_id: "C-1001", order_id: "ORD-1003", amount: 10, reason: "Arrived damaged" },
    });
    expectKeelError(result, "business", "ALREADY_REFUNDED");
    expect(textOf(result)).toContain("Do not retry");
  });

  it("answers an unknown tool with a validation error naming the real tools", async () => {
    const result = await client.callTool({ name: "lookup_orders", arguments: { order_id: "ORD-1001" } });
    expectKeelError(result, "validation", "UNKNOWN_TOOL");
    expect(textOf(result)).toContain('Did you mean "lookup_order"?');
  });

  it("answers invalid arguments with INVALID_INPUT naming the field", async () => {
    const result = await client.callTool({ name: "lookup_order", arguments: { order: "ORD-1001" } });
    expectKeelError(result, "validation", "INVALID_INPUT");
    expect(textOf(result)).toContain("order_id");
  });

  it("refuses a refund for a customer this session has not verified", async () => {
    const result = await client.callTool({
      name: "process_refund",
      arguments: { customer_id: "C-1003", order_id: "ORD-1005", amount: 5, reason: "Late delivery" },
    });
    expectKeelError(result, "validation", "CUSTOMER_NOT_VERIFIED");
  });

  it("redirects a $750 refund to escalate_to_human, so no refund is paid", async () => {
    await client.callTool({ name: "get_customer_by_email", arguments: { email: "alice@example.com" } });
    const result = await client.callTool({
      name: "process_refund",
      arguments: {
        customer_id: "C-1001",
        order_id: "ORD-1002",
        amount: 750,
        reason: "Machine arrived broken",
      },
    });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({
      outcome: "redirected",
      requested_tool: "process_refund",
      executed_tool: "escalate_to_human",
      result: { category: "refund_over_limit", status: "open" },
    });
    const order = await client.callTool({ name: "lookup_order", arguments: { order_id: "ORD-1002" } });
    expect(order.structuredContent).toMatchObject({ refunded_amount: 0 });
  });

  it("pays a retried identical refund once", async () => {
    await client.callTool({ name: "get_customer_by_id", arguments: { customer_id: "C-1003" } });
    const refund = { customer_id: "C-1003", order_id: "ORD-12345", amount: 20, reason: "Wrong size" };
    await expectRetriedRefundPaidOnce(client, refund);
  });

  it("keys a refund by the client's idempotency key when _meta carries one", async () => {
    await client.callTool({ name: "get_customer_by_id", arguments: { customer_id: "C-1001" } });
    const refund = (key: string) => ({
      name: "process_refund",
      arguments: { customer_id: "C-1001", order_id: "ORD-1001", amount: 5, reason: "Chipped mug" },
      _meta: { "dev.keel/idempotency-key": key },
    });
    const first = await client.callTool(refund("action-1"));
    const second = await client.callTool(refund("action-2"));
    const again = await client.callTool(refund("action-1"));
    const id = (result: unknown) =>
      (result as { structuredContent: { refund_id: string } }).structuredContent.refund_id;
    expect(id(second)).not.toBe(id(first));
    expect(id(again)).toBe(id(first));
  });
});
