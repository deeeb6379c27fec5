#!/usr/bin/env node
// An MCP server written the usual way: one-line descriptions, no boundaries. keel lint-tools should say so.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "plain", version: "1.0.0" });
for (const name of ["get_user", "get_account"]) {
  server.registerTool(
    name,
    { description: `Retrieves ${name.slice(4)} information.`, inputSchema: { id: z.string() } },
    async ({ id }) => ({ content: [{ type: "text", text: `${name} ${id}` }] }),
  );
}
await server.connect(new StdioServerTransport());
