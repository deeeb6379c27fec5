import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_TOKEN,
  connectHttpClient,
  LIST_TOOLS,
  postRaw,
  READONLY_TOKEN,
  type SpawnedServer,
  spawnHttpServer,
} from "./built-server.test-helpers.js";
import {
  expectKeelError,
  expectRetriedRefundPaidOnce,
  outcomeMetaOf,
} from "./outcome-assertions.test-helpers.js";

const auth = { authorization: `Bearer ${AGENT_TOKEN}` };

describe("the built server over stateless Streamable HTTP", () => {
  let server: SpawnedServer;
  let agent: Client;

  beforeAll(async () => {
    server = await spawnHttpServer({ KEEL_MCP_TOKEN: AGENT_TOKEN, KEEL_MCP_READONLY_TOKEN: READONLY_TOKEN });
    agent = await connectHttpClient(server.url, AGENT_TOKEN);
  });

  afterEach(async () => {
    // Whatever a test sent, the server keeps serving.
    const response = await postRaw(server.url, LIST_TOOLS, auth);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(6);
  });

  afterAll(async () => {
    await agent.close();
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).not.toContain(AGENT_TOKEN);
    expect(server.stderr()).not.toContain(READONLY_TOKEN);
  });

  it("lists the tools and answers calls for the SDK client with the agent token", async () => {
    const { tools } = await agent.listTools();
    expect(
      tools.every((tool) => tool.outputSchema?.type === "object" && tool.annotations !== undefined),
    ).toBe(true);
    const result = await agent.callTool({
      name: "get_customer_by_email",
      arguments: { email: "alice@example.com" },
    });
    expect(result.structuredContent).toMatchObject({ customer_id: "C-1001", status: "active" });
  });

  it("answers a missing order as a valid empty the client accepts", async () => {
    const result = await agent.callTool({ name: "lookup_order", arguments: { order_id: "#55555" } });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({ outcome: "empty", code: "ORDER_NOT_FOUND" });
  });

  it("answers unknown tools and invalid arguments with categorised errors", async () => {
    expectKeelError(await agent.callTool({ name: "refund", arguments: {} }), "validation", "UNKNOWN_TOOL");
    const invalid = await agent.callTool({ name: "process_refund", arguments: { customer_id: "C-1001" } });
    expectKeelError(invalid, "validation", "INVALID_INPUT");
  });

  it("pays a retried identical refund once", async () => {
    const refund = { customer_id: "C-1003", order_id: "ORD-1005", amount: 10, reason: "Late delivery" };
    await expectRetriedRefundPaidOnce(agent, refund);
  });

  it("redirects a $750 refund to a ticket instead of paying it", async () => {
    const result = await agent.callTool({
      name: "process_refund",
      arguments: { customer_id: "C-1001", order_id: "ORD-1002", amount: 750, reason: "Arrived broken" },
    });
    expect(result.structuredContent).toMatchObject({
      outcome: "redirected",
      executed_tool: "escalate_to_human",
    });
    expect(outcomeMetaOf(result)).toMatchObject({ kind: "success" });
  });

  it("gives the read-only role a permission error for process_refund and still lets it read", async () => {
    const reader = await connectHttpClient(server.url, READONLY_TOKEN);
    try {
      const refund = await reader.callTool({
        name: "process_refund",
        arguments: { customer_id: "C-1001", order_id: "ORD-1001", amount: 5, reason: "Chipped mug" },
      });
      expectKeelError(refund, "permission", "WRITE_FORBIDDEN");
      const order = await reader.callTool({ name: "lookup_order", arguments: { order_id: "ORD-1001" } });
      expect(order.structuredContent).toMatchObject({ order_id: "ORD-1001", refunded_amount: 0 });
    } finally {
      await reader.close();
    }
  });

  it("answers 401 with a Bearer challenge when the token is missing", async () => {
    const response = await postRaw(server.url, LIST_TOOLS);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="keel-mcp"');
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32001 }, id: null });
  });

  it("answers 401 with invalid_token when the token is wrong", async () => {
    const response = await postRaw(server.url, LIST_TOOLS, { authorization: `Bearer ${AGENT_TOKEN}x` });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("answers 413 to a body over 1 MiB", async () => {
    const padding = "x".repeat(1024 * 1024 + 1);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { padding } });
    const response = await postRaw(server.url, body, auth);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringContaining("Payload Too Large") },
    });
  });

  it("answers 415 to a body that is not application/json", async () => {
    const response = await postRaw(server.url, LIST_TOOLS, { ...auth, "content-type": "text/plain" });
    expect(response.status).toBe(415);
  });

  it("answers 400 with a JSON-RPC parse error to a body that is not JSON", async () => {
    const response = await postRaw(server.url, "{not json", auth);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
  });

  it("answers 400 with invalid request to JSON that is not JSON-RPC", async () => {
    const response = await postRaw(server.url, JSON.stringify({ hello: "world" }), auth);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32600 } });
  });

  it("answers GET and DELETE on /mcp with 405 and a JSON-RPC error", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(server.url, { method, headers: auth });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { message: expect.any(String) } });
    }
  });

  it("reports the store's health at /healthz", async () => {
    const response = await fetch(server.url.replace(/\/mcp$/, "/healthz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", store: { kind: "memory", status: "ok" } });
  });
});
