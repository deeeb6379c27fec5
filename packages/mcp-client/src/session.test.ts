import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectMcpServer } from "./connection.js";
import type { McpConnection } from "./connection-options.js";
import { contextFor, recordEvents } from "./test-servers.test-helpers.js";

/**
 * A stateful Streamable HTTP server as the spec describes it: sessions in a map, HTTP 404 for a session
 * it does not know. `forget()` drops every session, as a restart or an expiry would.
 */
async function startStatefulServer() {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let initializations = 0;
  let echoes = 0;
  const handle = async (request: IncomingMessage, response: ServerResponse, body: unknown) => {
    const id = request.headers["mcp-session-id"];
    if (typeof id === "string") {
      const transport = sessions.get(id);
      if (transport === undefined) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }),
        );
        return;
      }
      await transport.handleRequest(request, response, body);
      return;
    }
    initializations += 1;
    const server = new McpServer({ name: "stateful", version: "1.0.0" });
    server.registerTool(
      "echo",
      { description: "Echoes.", inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
      async ({ text }) => {
        echoes += 1;
        return { content: [{ type: "text", text }] };
      },
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, transport);
      },
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };
  const http = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    request.on("end", () => {
      void handle(request, response, text === "" ? undefined : JSON.parse(text)).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    forget: () => sessions.clear(),
    counts: () => ({ initializations, echoes }),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe("a session the server forgot (HTTP 404 on Mcp-Session-Id)", () => {
  it("is re-initialised once, transparently, and the call runs exactly once", async () => {
    const server = await startStatefulServer();
    cleanup.push(server.close);
    const { events, onEvent } = recordEvents();
    const connection: McpConnection = await connectMcpServer({
      name: "stateful",
      server: { type: "http", url: server.url },
      onEvent,
    });
    cleanup.push(() => connection.close());
    const echo = connection.tools[0];
    expect(await echo?.handler({ text: "one" }, contextFor())).toMatchObject({ data: "one" });
    server.forget();
    expect(await echo?.handler({ text: "two" }, contextFor())).toMatchObject({ data: "two" });
    expect(events.filter((event) => event.type === "session_reinitialized")).toHaveLength(1);
    expect(server.counts()).toEqual({ initializations: 2, echoes: 2 });
  });
});
