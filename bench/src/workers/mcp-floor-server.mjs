import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

/**
 * The MCP floor of PERFORMANCE.md: a bare `@modelcontextprotocol/sdk` server with one trivial `echo` tool,
 * written the way the SDK documents it. `--http`: stateless Streamable HTTP on node:http (a new server and
 * transport per request, JSON responses), printing its URL to stderr; otherwise stdio.
 */
function echoServer() {
  const server = new McpServer({ name: "bench-floor", version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Echoes its text.", inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: "text", text }] }),
  );
  return server;
}

if (process.argv.includes("--http")) {
  const http = createServer(async (request, response) => {
    if (request.method !== "POST" || request.url !== "/mcp") {
      response.writeHead(404).end();
      return;
    }
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const server = echoServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on("close", () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  });
  http.listen(0, "127.0.0.1", () => {
    const address = /** @type {import("node:net").AddressInfo} */ (http.address());
    process.stderr.write(`bench-floor listening {"url":"http://127.0.0.1:${address.port}/mcp"}\n`);
  });
  process.on("SIGTERM", () => http.close(() => process.exit(0)));
} else {
  await echoServer().connect(new StdioServerTransport());
}
