import { connectMcpServer } from "@keel/mcp-client";
import { IDEMPOTENCY_META_KEY } from "@keel/wire";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_TOKEN,
  BUILT_ENTRY,
  connectHttpClient,
  connectStdioClient,
  type SpawnedServer,
  spawnHttpServer,
} from "./built-server.test-helpers.js";

const first = {
  category: "customer_request",
  summary: "Alice wants a call back today",
  customer_id: "C-1001",
};
const second = {
  category: "account_issue",
  summary: "Bob asks why his card was charged",
  customer_id: "C-1002",
};
const textOf = (result: unknown) =>
  ((result as { content: { text?: string }[] }).content ?? []).map((block) => block.text ?? "").join("\n");
const ticketOf = (result: unknown) =>
  (result as { structuredContent?: { ticket_id?: string } }).structuredContent?.ticket_id;

/** One key, two different escalations: the second is refused and nothing of the first is disclosed. */
async function reuseKey(client: Client, key: string) {
  const meta = { [IDEMPOTENCY_META_KEY]: key };
  const one = await client.callTool({ name: "escalate_to_human", arguments: first, _meta: meta });
  const two = await client.callTool({ name: "escalate_to_human", arguments: second, _meta: meta });
  const again = await client.callTool({ name: "escalate_to_human", arguments: first, _meta: meta });
  return { one, two, again };
}

function expectRefusedNothingLost({ one, two, again }: Awaited<ReturnType<typeof reuseKey>>) {
  const ticket = ticketOf(one);
  expect(ticket).toMatch(/^T-\d+$/);
  expect(two.isError).toBe(true);
  expect(textOf(two)).toContain("IDEMPOTENCY_KEY_REUSED");
  expect(textOf(two)).not.toContain(ticket!);
  expect(textOf(two)).not.toContain("Alice");
  // The first escalation is still there: the same request with the same key finds it.
  expect(again.structuredContent).toMatchObject({ ticket_id: ticket, duplicate: true });
}

describe("keel-mcp: a client's idempotency key names one request", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnHttpServer({ KEEL_MCP_TOKEN: AGENT_TOKEN });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it("over stateless HTTP: the same _meta key with another escalation is IDEMPOTENCY_KEY_REUSED", async () => {
    const client = await connectHttpClient(server.url, AGENT_TOKEN);
    expectRefusedNothingLost(await reuseKey(client, "reuse-over-http"));
    await client.close();
  });

  it("over stdio: the same", async () => {
    const client = await connectStdioClient(["--memory"]);
    expectRefusedNothingLost(await reuseKey(client, "reuse-over-stdio"));
    await client.close();
  });

  it("through @keel/mcp-client: a Keel tool that forwards its key is refused by the server the same way", async () => {
    const connection = await connectMcpServer({
      name: "keel",
      server: { type: "stdio", command: process.execPath, args: [BUILT_ENTRY, "--memory"], stderr: "ignore" },
    });
    try {
      const escalate = connection.tools.find((tool) => tool.name === "escalate_to_human")!;
      const context = () => ({
        signal: new AbortController().signal,
        toolUseId: "toolu_1",
        runId: "run-1",
        iteration: 1,
        metadata: {},
        idempotencyKey: "reuse-through-mcp-client",
      });
      const one = await escalate.handler(first as never, context());
      const two = await escalate.handler(second as never, context());
      expect(one).toMatchObject({ kind: "success" });
      expect(two).toMatchObject({ kind: "error", category: "validation", code: "IDEMPOTENCY_KEY_REUSED" });
      expect(JSON.stringify(two)).not.toContain(
        JSON.stringify((one as { data: { ticket_id: string } }).data.ticket_id),
      );
    } finally {
      await connection.close();
    }
  });
});
