import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectStdioClient, runBuilt } from "./built-server.test-helpers.js";

const scratch = mkdtempSync(join(tmpdir(), "keel-mcp-pglite-"));
const dataDir = join(scratch, "data");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const connect = () => connectStdioClient(["--data-dir", dataDir]);

describe("the PGlite store in a data directory", () => {
  it("keeps a refund across restarts and refuses a second server on the same directory", async () => {
    const first = await connect();
    await first.callTool({ name: "get_customer_by_id", arguments: { customer_id: "C-1001" } });
    const refund = await first.callTool({
      name: "process_refund",
      arguments: { customer_id: "C-1001", order_id: "ORD-1001", amount: 12.5, reason: "Chipped mug" },
    });
    expect(refund.structuredContent).toMatchObject({ duplicate: false, order_refunded_total: 12.5 });

    const second = await runBuilt(["--data-dir", dataDir]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain("in use by another Keel process");
    await first.close();

    const restarted = await connect();
    const order = await restarted.callTool({ name: "lookup_order", arguments: { order_id: "ORD-1001" } });
    expect(order.structuredContent).toMatchObject({ refunded_amount: 12.5 });
    await restarted.close();
  });
});
