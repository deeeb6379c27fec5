import { fileURLToPath } from "node:url";
import {
  type ProcessRun,
  runNodeScript,
  type StartedNodeScript,
  startNodeScript,
} from "@keel/testkit/process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** The built bin: these tests exercise what users run (`test` depends on `build` in turbo.json). */
export const BUILT_ENTRY = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

export const AGENT_TOKEN = "agent-token-for-tests-0123456789";
export const READONLY_TOKEN = "readonly-token-for-tests-0123456789";

export type SpawnedServer = StartedNodeScript & { readonly url: string };

/** Spawns `keel-mcp --http --port 0 --memory` and waits for the URL it logs on stderr. */
export async function spawnHttpServer(
  environment: Record<string, string>,
  args: readonly string[] = [],
): Promise<SpawnedServer> {
  const server = startNodeScript(BUILT_ENTRY, ["--http", "--port", "0", "--memory", ...args], {
    env: environment,
  });
  const [, url = ""] = await server.waitForStderr(/"url":"([^"]+)"/);
  return { ...server, url };
}

/** Runs the bin to completion (for flags that exit at once) and collects its output. */
export function runBuilt(
  args: readonly string[],
  environment: Record<string, string> = {},
): Promise<ProcessRun> {
  return runNodeScript(BUILT_ENTRY, args, { env: environment });
}

export async function connectHttpClient(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: "keel-mcp-tests", version: "1.0.0" });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  await client.listTools(); // caches the output schemas, so every callTool is checked against them
  return client;
}

export async function connectStdioClient(args: readonly string[] = ["--memory"]): Promise<Client> {
  const client = new Client({ name: "keel-mcp-tests", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_ENTRY, ...args],
      env: { PATH: process.env.PATH ?? "" }, // no DATABASE_URL or tokens leak in from the machine
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
