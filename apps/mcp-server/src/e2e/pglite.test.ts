import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_ENTRY, runBuilt, serverEnvironment } from "./built-server.test-helpers.js";

const scratch = mkdtempSync(join(tmpdir(), "keel-mcp-pglite-"));
const dataDir = join(scratch, "data");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function connect(): Promise<Client> {
  const client = new Client({ name: "keel-mcp-tests", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_ENTRY, "--data-dir", dataDir],
      env: serverEnvironment(),
      stderr: "ignore",
    }),
  );
  await client.listTools();
  return client;
}

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
