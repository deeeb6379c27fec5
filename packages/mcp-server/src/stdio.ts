import { randomUUID } from "node:crypto";
import type { ToolHooks } from "@keel/hooks";
import type { Toolset } from "@keel/tools";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Tracer } from "@opentelemetry/api";
import { createInFlight } from "./in-flight.js";
import type { Logger } from "./logger.js";
import type { Role } from "./roles.js";
import { createKeelMcpServer } from "./server.js";
import { createSessionHistory } from "./session-history.js";
import { TrackedTransport } from "./tracked-transport.js";

export interface StdioServerOptions {
  readonly tools: Toolset;
  readonly hooks?: ToolHooks | undefined;
  readonly logger: Logger;
  /** Default "agent": the local user who started the process is the caller. */
  readonly role?: Role | undefined;
  /** A span per tools/call (see `KeelMcpServerOptions.tracer`). */
  readonly tracer?: Tracer | undefined;
  readonly stdin?: (NodeJS.ReadableStream & { pause(): unknown }) | undefined;
  readonly stdout?: NodeJS.WritableStream | undefined;
}

export interface KeelStdioServer {
  /** Resolves when the client closes stdin (the session is over). */
  readonly ended: Promise<void>;
  /** Stops reading, lets in-flight calls finish (at most `timeoutMs`), then closes the transport. */
  close(timeoutMs?: number): Promise<{ readonly drained: boolean }>;
}

/**
 * Serves MCP over stdio: stdout carries JSON-RPC only (every log goes to the logger, i.e. stderr). One
 * process serves one client session, so the session keeps a call history for the hooks that look back
 * ("customer verified earlier in this conversation").
 */
export async function startStdioServer(options: StdioServerOptions): Promise<KeelStdioServer> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const inFlight = createInFlight();
  const history = createSessionHistory(`mcp-stdio-${randomUUID()}`);
  const { stdin: _stdin, stdout: _stdout, ...serverOptions } = options;
  const server = createKeelMcpServer({ ...serverOptions, history });
  server.onerror = (error) => options.logger.warn("protocol error", { error });
  // The session is over when the client closes stdin, or when the transport gives up (e.g. a line over
  // the SDK's 10 MiB read limit closes it).
  const ended = new Promise<void>((resolve) => {
    stdin.once("end", resolve);
    stdin.once("close", resolve);
    server.onclose = resolve;
  });
  const transport = new StdioServerTransport(stdin as typeof process.stdin, stdout as typeof process.stdout);
  await server.connect(new TrackedTransport(transport, inFlight));
  let closing: Promise<{ drained: boolean }> | undefined;
  return {
    ended,
    close(timeoutMs = 10_000) {
      closing ??= (async () => {
        stdin.pause();
        const drained = await inFlight.idle(timeoutMs);
        await server.close();
        return { drained };
      })();
      return closing;
    },
  };
}
