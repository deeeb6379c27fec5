import type { Tool } from "@keel/tools";
import { connectMcpServer } from "./connection.js";
import type { McpConnection, McpConnectOptions } from "./connection-options.js";
import { McpClientError } from "./mcp-client-error.js";
import type { McpServerConfig } from "./server-config.js";
import { checkUnique } from "./tool-names.js";

/** Several connections whose tools are used together. */
export interface McpToolbox {
  readonly servers: readonly McpConnection[];
  /** Every server's current tools, in the servers' order; names are unique across servers. */
  readonly tools: readonly Tool[];
  /** Closes every connection (and stops every stdio server). */
  close(): Promise<void>;
}

/**
 * Connects to several servers at once (a `.mcp.json`'s `mcpServers`, say). If any fails, the others are
 * closed and the first failure is thrown; two servers offering the same tool name throw
 * MCP_TOOL_NAME_COLLISION (use `prefix`). `options` apply to every server.
 */
export async function connectMcpServers(
  servers: Readonly<Record<string, McpServerConfig>>,
  options: Omit<McpConnectOptions, "name" | "server"> = {},
): Promise<McpToolbox> {
  const settled = await Promise.allSettled(
    Object.entries(servers).map(([name, server]) => connectMcpServer({ ...options, name, server })),
  );
  const connections = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failure = settled.find((result) => result.status === "rejected");
  const close = async (): Promise<void> => {
    await Promise.all(connections.map((connection) => connection.close()));
  };
  if (failure !== undefined) {
    await close();
    throw failure.reason instanceof McpClientError
      ? failure.reason
      : new McpClientError("MCP_CONNECT_FAILED", String(failure.reason), { cause: failure.reason });
  }
  const toolsOf = (): readonly Tool[] => {
    const tools = connections.flatMap((connection) => connection.tools);
    checkUnique(
      connections.flatMap((connection) =>
        connection.tools.map((tool) => ({
          name: tool.name,
          owner: `a tool of the MCP server "${connection.name}"`,
        })),
      ),
    );
    return tools;
  };
  try {
    toolsOf();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    servers: connections,
    get tools() {
      return toolsOf();
    },
    close,
  };
}
