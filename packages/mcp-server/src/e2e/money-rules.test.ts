import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectMcpServer } from "@keel/mcp-client";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_ENTRY, connectStdioClient } from "./built-server.test-helpers.js";

const scratch = mkdtempSync(join(tmpdir(), "keel-mcp-money-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const textOf = (result: unknown) =>
  ((result as { content: { text?: string }[] }).content ?? []).map((block) => block.text ?? "").join("\n");
const refund = (amount: number, reason: string) => ({
  customer_id: "C-1001",
  order_id: "ORD-1002",
  amount,
  reason,
});

describe("the money rules over keel-mcp and @keel/mcp-client (issue 35, points 2 and 4)", () => {
  it("refuses an amount that rounds to no cents as a validation error, over stdio and through the MCP client", async () => {
    const client = await connectStdioClient(["--memory"]);
    await client.callTool({ name: "get_customer_by_id", arguments: { customer_id: "C-1001" } });
    const tiny = await client.callTool({
      name: "process_refund",
      arguments: refund(5e-324, "Rounding test"),
    });
    expect(tiny.isError).toBe(true);
    expect(textOf(tiny)).toContain("must be at least 0.01");
    expect(textOf(tiny)).toContain("validation");
    await client.close();

    const connection = await connectMcpServer({
      name: "keel",
      server: { type: "stdio", command: process.execPath, args: [BUILT_ENTRY, "--memory"], stderr: "ignore" },
    });
    try {
      const tool = connection.tools.find((candidate) => candidate.name === "process_refund")!;
      const outcome = await tool.handler(refund(5e-324, "Rounding test") as never, {
        signal: new AbortController().signal,
        toolUseId: "toolu_1",
        runId: "run-1",
        iteration: 1,
        metadata: {},
      });
      expect(outcome).toMatchObject({ kind: "error", category: "validation" });
    } finally {
      await connection.close();
    }
  });

  it("does not count an unpaid ticket of the conversation as paid: a later $120 is allowed and paid", async () => {
    const dataDir = join(scratch, "data");
    // The first conversation pays $300 of the $750 order.
    const first = await connectStdioClient(["--data-dir", dataDir]);
    await first.callTool({ name: "get_customer_by_id", arguments: { customer_id: "C-1001" } });
    const paid = await first.callTool({ name: "process_refund", arguments: refund(300, "Stopped working") });
    expect(paid.structuredContent).toMatchObject({ duplicate: false });
    await first.close();
    // The second: $250 is over the order's automatic total, so the store opens a ticket and pays nothing.
    const second = await connectStdioClient(["--data-dir", dataDir]);
    await second.callTool({ name: "get_customer_by_id", arguments: { customer_id: "C-1001" } });
    const held = await second.callTool({
      name: "process_refund",
      arguments: refund(250, "Arrived scratched"),
    });
    expect(held.structuredContent).toMatchObject({ outcome: "sent_to_person", refunded: false });
    // $120 more: $300 paid + $120 is $420, under the limit; the unpaid $250 ticket is not money paid.
    const more = await second.callTool({ name: "process_refund", arguments: refund(120, "Missing lid") });
    expect(more.isError).toBeFalsy();
    expect(more.structuredContent).toMatchObject({ duplicate: false, order_refunded_total: 420 });
    await second.close();
  });
});
