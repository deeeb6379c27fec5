import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** The built bin: these tests exercise what users run (`test` depends on `build` in turbo.json). */
export const BUILT_ENTRY = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

export const AGENT_TOKEN = "agent-token-for-tests-0123456789";
export const READONLY_TOKEN = "readonly-token-for-tests-0123456789";

/** A clean environment: no DATABASE_URL or tokens leak in from the machine running the tests. */
export function serverEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "", ...extra };
}

export interface SpawnedServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  stderr(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Spawns `keel-mcp --http --port 0 --memory` and waits for the URL it logs on stderr. */
export async function spawnHttpServer(
  environment: Record<string, string>,
  args: readonly string[] = [],
): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [BUILT_ENTRY, "--http", "--port", "0", "--memory", ...args], {
    env: serverEnvironment(environment),
  });
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const match = /"url":"([^"]+)"/.exec(stderr);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) =>
      reject(new Error(`keel-mcp exited with ${code} before listening:\n${stderr}`)),
    );
  });
  return {
    child,
    url,
    stderr: () => stderr,
    stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Runs the bin to completion (for flags that exit at once) and collects its output. */
export function runBuilt(
  args: readonly string[],
  environment: Record<string, string> = {},
): Promise<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BUILT_ENTRY, ...args], { env: serverEnvironment(environment) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.stdin.end();
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

export async function connectHttpClient(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: "keel-mcp-tests", version: "1.0.0" });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  await client.listTools(); // caches the output schemas, so every callTool is checked against them
  return client;
}

export async function connectStdioClient(): Promise<Client> {
  const client = new Client({ name: "keel-mcp-tests", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_ENTRY, "--memory"],
      env: serverEnvironment(),
      stderr: "ignore",
    }),
  );
  await client.listTools();
  return client;
}

/** A POST to /mcp with full control over headers and body (for the HTTP hygiene checks). */
export function postRaw(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
}

export const LIST_TOOLS = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
