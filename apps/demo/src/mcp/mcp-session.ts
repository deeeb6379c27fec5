import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { McpCallRow } from "../demo-report.js";
import { callRow, type McpCallRequest } from "./call-row.js";

/** A connected MCP client over stdio, with the server's advertised tools. */
export interface McpSession {
  /** Short name used in the printout ("keel-mcp" or "staged"). */
  readonly name: string;
  /** How the server was started, for people. */
  readonly command: string;
  readonly tools: readonly { readonly name: string; readonly description?: string | undefined }[];
  call(request: McpCallRequest): Promise<{ readonly row: McpCallRow; readonly result: unknown }>;
  close(): Promise<void>;
}

export interface OpenSessionOptions {
  readonly name: string;
  readonly command: string;
  /** The server's JS entry, run with this Node. */
  readonly entry: string;
  readonly args: readonly string[];
}

/**
 * Spawns a server entry over stdio and connects the MCP SDK client to it. The child gets only PATH, so
 * no DATABASE_URL or token from the machine leaks into the demo; its stderr is kept for error messages.
 */
export async function openMcpSession(options: OpenSessionOptions): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.entry, ...options.args],
    env: { PATH: process.env.PATH ?? "" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4_000);
  });
  const client = new Client({ name: "keel-demo", version: "0.1.0" });
  try {
    await client.connect(transport);
  } catch (error) {
    await transport.close().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`could not start ${options.command} over stdio: ${reason}\n${stderr.trim()}`);
  }
  // Listing first also lets the SDK check every structuredContent against the tool's output schema.
  const { tools } = await client.listTools();
  return {
    name: options.name,
    command: options.command,
    tools,
    async call(request) {
      const result = await client.callTool({ name: request.tool, arguments: { ...request.arguments } });
      return { row: callRow(options.name, request, result), result };
    },
    close: () => client.close(),
  };
}
