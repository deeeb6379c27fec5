// One session with a server: its transport (stdio or HTTP), how it ends, and what a stdio server said last.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ListToolsResult } from "@modelcontextprotocol/sdk/types.js";
import { connectFailureCode, withAuthorization } from "./auth/authorization-flow.js";
import { limitAuthorizationResponses } from "./auth/response-limits.js";
import { messageOf } from "./call-failure.js";
import { McpClientError } from "./mcp-client-error.js";
import type { McpServerConfig } from "./server-config.js";
import { untrackServerProcess } from "./spawned-servers.js";

export interface Session {
  readonly client: Client;
  readonly transport: Transport;
  alive: boolean;
}

export function transportOf(name: string, server: McpServerConfig): Transport {
  if (server.type === "stdio") {
    return new StdioClientTransport({
      command: server.command,
      args: [...(server.args ?? [])],
      ...(server.env === undefined ? {} : { env: { ...server.env } }),
      ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
      stderr: server.stderr ?? "inherit",
    });
  }
  const url = new URL(server.url);
  return new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { ...server.headers } },
    ...(server.auth === undefined
      ? {}
      : { authProvider: server.auth, fetch: limitAuthorizationResponses(name, url) }),
  });
}

/** Ends a session: for HTTP, tells the server (best effort, bounded); for stdio, stops the process. */
export async function endSession(session: Session, terminate: boolean): Promise<void> {
  session.alive = false;
  const { transport } = session;
  if (terminate && transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
    await Promise.race([
      transport.terminateSession().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 1000).unref()),
    ]);
  }
  const pid = transport instanceof StdioClientTransport ? transport.pid : undefined;
  await session.client.close().catch(() => {});
  untrackServerProcess(pid);
}

const TAIL_LINES = 20;

/** The last lines a piped stdio server wrote to stderr (read as they come, so its pipe never fills). */
export function stderrTail(transport: Transport): { text(): string } {
  const lines: string[] = [];
  let partial = "";
  const stream = transport instanceof StdioClientTransport ? transport.stderr : null;
  stream?.on("data", (chunk: Buffer) => {
    const parts = (partial + chunk.toString("utf8")).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
    if (lines.length > TAIL_LINES) lines.splice(0, lines.length - TAIL_LINES);
  });
  return {
    text: () =>
      [...lines, partial]
        .filter((line) => line.trim() !== "")
        .slice(-TAIL_LINES)
        .join("\n"),
  };
}

export function describeServer(server: McpServerConfig): string {
  // The URL without credentials or query (which may carry a token), or the command without its arguments.
  if (server.type === "http") {
    try {
      const url = new URL(server.url);
      return `${url.protocol}//${url.host}${url.pathname}`;
    } catch {
      return "an invalid URL";
    }
  }
  return `the command "${server.command}"`;
}

/** Why connecting failed, with what a stdio server last wrote; an authorization problem keeps its code. */
export function connectFailure(
  name: string,
  server: McpServerConfig,
  error: unknown,
  tail: { text(): string },
): McpClientError {
  return new McpClientError(
    connectFailureCode(error),
    `Could not connect to the MCP server "${name}" (${describeServer(server)}): ` +
      `${messageOf(error)}${tail.text() === "" ? "" : `\nIts stderr ended with:\n${tail.text()}`}`,
    { cause: error },
  );
}

/** One page of `tools/list`, sent again if a person has just authorised (a step-up on listing). */
export async function listPage(
  name: string,
  server: McpServerConfig,
  session: Session,
  cursor: string | undefined,
  timeout: number,
): Promise<ListToolsResult> {
  try {
    return await withAuthorization(server, session.transport, () =>
      session.client.listTools(cursor === undefined ? {} : { cursor }, { timeout }),
    );
  } catch (error) {
    throw new McpClientError(
      connectFailureCode(error, "MCP_LIST_TOOLS_FAILED"),
      `The MCP server "${name}" did not list its tools: ${messageOf(error)}`,
      { cause: error },
    );
  }
}
