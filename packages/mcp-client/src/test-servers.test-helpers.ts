import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { startNodeScript } from "@keel/testkit/process";
import { afterEach, expect } from "vitest";
import { contextFor } from "../../tools/src/toolset/toolset.test-helpers.js";
import { connectMcpServer } from "./connection.js";
import type { McpClientEvent, McpConnection, McpConnectOptions } from "./connection-options.js";
import type { StdioServerConfig } from "./server-config.js";

/** The everything server from the npm registry, started directly with node (no npx in between). */
export const EVERYTHING_ENTRY = fileURLToPath(
  new URL("../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
);

export const everythingStdio: StdioServerConfig = {
  type: "stdio",
  command: process.execPath,
  args: [EVERYTHING_ENTRY, "stdio"],
  stderr: "ignore",
};

export const changingServer: StdioServerConfig = {
  type: "stdio",
  command: process.execPath,
  args: [fileURLToPath(new URL("./__fixtures__/changing-server.mjs", import.meta.url))],
  stderr: "ignore",
};

/**
 * `connect(options)` to the changing server. Registers an afterEach (call it at a file's top level) that
 * closes the test's connections, then checks that no server process is left behind.
 */
export function changingServerConnections(): (
  options?: Partial<McpConnectOptions>,
) => Promise<McpConnection> {
  const open: McpConnection[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.close()));
    expect(await childPids()).toEqual([]);
  });
  return async (options = {}) => {
    const connection = await connectMcpServer({ name: "changing", server: changingServer, ...options });
    open.push(connection);
    return connection;
  };
}

/** Runs the connection's tool of that name directly, as the loop would. */
export function runTool(
  connection: McpConnection,
  name: string,
  input: unknown = {},
  context = contextFor(),
) {
  const tool = connection.tools.find((candidate) => candidate.name === name);
  if (tool === undefined)
    throw new Error(`no tool ${name} in ${connection.tools.map((t) => t.name).join(", ")}`);
  return tool.handler(input as never, context);
}

// A ToolContext as the loop builds it: the tools package's own test helper.
export { contextFor };

export function recordEvents(): {
  readonly events: McpClientEvent[];
  readonly onEvent: (e: McpClientEvent) => void;
} {
  const events: McpClientEvent[] = [];
  return { events, onEvent: (event) => events.push(event) };
}

/** True while a process with this id exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The ids of this process's direct children (Linux /proc). */
export async function childPids(): Promise<number[]> {
  const { readdir, readFile } = await import("node:fs/promises");
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === process.pid && fields[0] !== "Z") pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface EverythingHttp {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts the everything server over Streamable HTTP on a free port; resolves when it listens. */
export async function startEverythingHttp(): Promise<EverythingHttp> {
  return startEverythingHttp.onPort(await freePort());
}

/** The same on a given port (to restart a server where its clients expect it). */
startEverythingHttp.onPort = async (port: number): Promise<EverythingHttp> => {
  const server = startNodeScript(EVERYTHING_ENTRY, ["streamableHttp"], { env: { PORT: String(port) } });
  await server.waitForStderr("listening");
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    stop: async () => {
      if (server.child.exitCode === null) await server.stop("SIGKILL");
    },
  };
};
