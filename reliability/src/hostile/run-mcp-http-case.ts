import { connect } from "node:net";
import { isRecord } from "@keel/errors/internal";
import { callTool, healthStatus, mcpHeaders } from "../mcp/mcp-http.js";
import { AGENT_TOKEN, type McpServerProcess } from "../mcp/mcp-server-process.js";
import type { BodySpec, McpHttpCase } from "./corpus-types.js";
import type { CaseResult } from "./run-loop-case.js";
import { type RawRequest, sendRawRequest } from "./send-raw-request.js";

const WRONG_TOKEN = "wrong-token-0123456789abcdef0123";

function bodyBytes(spec: BodySpec): Buffer {
  const envelope = (params: string) => `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":${params}}`;
  if ("json" in spec) return Buffer.from(JSON.stringify(spec.json));
  if ("text" in spec) return Buffer.from(spec.text);
  if ("bytes" in spec) return Buffer.from(spec.bytes);
  if ("rawArguments" in spec)
    return Buffer.from(envelope(`{"name":${JSON.stringify(spec.call)},"arguments":${spec.rawArguments}}`));
  if ("call" in spec) {
    const params = { name: spec.call, arguments: spec.arguments, ...(spec.meta ? { _meta: spec.meta } : {}) };
    return Buffer.from(envelope(JSON.stringify(params)));
  }
  if ("nested" in spec) {
    const deep = `${'{"a":'.repeat(spec.nested)}1${"}".repeat(spec.nested)}`;
    return Buffer.from(
      spec.at === "id"
        ? `{"jsonrpc":"2.0","id":${deep},"method":"tools/list"}`
        : envelope(`{"name":"lookup_order","arguments":${deep}}`),
    );
  }
  // A valid-looking JSON-RPC call padded to the size, so only its size is wrong.
  const head = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"pad":"';
  return Buffer.from(head + "p".repeat(Math.max(0, spec.size - head.length - 5)) + '"}}}');
}

function rawRequestOf(server: McpServerProcess, testCase: McpHttpCase): RawRequest {
  const { request } = testCase;
  const url = new URL(server.url);
  if (request.path) url.pathname = request.path;
  const headers: Record<string, string> = mcpHeaders(AGENT_TOKEN);
  const auth = request.auth ?? "agent";
  if (auth === "none" || auth === "query") delete headers.authorization;
  if (auth === "query") url.searchParams.set("token", AGENT_TOKEN);
  if (auth === "wrong") headers.authorization = `Bearer ${WRONG_TOKEN}`;
  if (auth === "basic")
    headers.authorization = `Basic ${Buffer.from(`agent:${AGENT_TOKEN}`).toString("base64")}`;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const body = request.body ? bodyBytes(request.body) : undefined;
  const chunked = request.body && "size" in request.body && !request.body.declared;
  return {
    url: url.toString(),
    method: request.method ?? "POST",
    headers,
    ...(body && chunked ? { chunked: body } : {}),
    ...(body && !chunked ? { body } : {}),
  };
}

const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(text) as unknown;
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Sends one hostile request to a running MCP server and compares the answer with the expected one; then
 * checks the server still serves (GET /healthz is 200 and a normal lookup succeeds).
 */
export async function runMcpHttpCase(server: McpServerProcess, testCase: McpHttpCase): Promise<CaseResult> {
  const mismatches: string[] = [];
  let observed: Record<string, unknown> = {};
  try {
    const flooded =
      testCase.request.flood === undefined ? undefined : await flood(server.url, testCase.request.flood);
    if (flooded && testCase.expect.flood) {
      const { refusedAtLeast, allClosedWithinMs } = testCase.expect.flood;
      if (flooded.refusedAtOnce < refusedAtLeast)
        mismatches.push(`${flooded.refusedAtOnce} refused at once, expected at least ${refusedAtLeast}`);
      if (flooded.allClosedMs > allClosedWithinMs)
        mismatches.push(`the stalled connections stayed open ${flooded.allClosedMs} ms`);
    }
    const response = await sendRawRequest(rawRequestOf(server, testCase));
    const body = parse(response.body);
    const result = body?.result as Record<string, unknown> | undefined;
    const error = body?.error as { code?: unknown } | undefined;
    const outcome = (result?._meta as Record<string, { code?: unknown }> | undefined)?.["dev.keel/outcome"];
    const structured = result?.structuredContent as { outcome?: unknown } | undefined;
    observed = {
      ...(flooded ? { flood: flooded } : {}),
      status: response.status,
      jsonRpcError: error?.code,
      keelCode: outcome?.code,
      outcome: structured?.outcome ?? (result && result.isError !== true ? "success" : undefined),
      bytes: response.body.length,
    };
    const { expect } = testCase;
    if (response.status !== expect.status)
      mismatches.push(`HTTP ${response.status}, expected ${expect.status}`);
    if (expect.jsonRpcError === "any" && typeof error?.code !== "number")
      mismatches.push("no JSON-RPC error");
    if (typeof expect.jsonRpcError === "number" && error?.code !== expect.jsonRpcError) {
      mismatches.push(`JSON-RPC error ${String(error?.code)}, expected ${expect.jsonRpcError}`);
    }
    if (expect.keelCode !== undefined && outcome?.code !== expect.keelCode) {
      mismatches.push(`outcome code ${String(outcome?.code)}, expected ${expect.keelCode}`);
    }
    if (expect.outcome !== undefined && observed.outcome !== expect.outcome) {
      mismatches.push(`outcome ${String(observed.outcome)}, expected ${expect.outcome}`);
    }
    if (expect.header) {
      const value = String(response.headers[expect.header.name] ?? "");
      if (!value.includes(expect.header.includes))
        mismatches.push(`${expect.header.name}: ${JSON.stringify(value)}`);
    }
  } catch (error) {
    mismatches.push(`no answer: ${String(error)}`);
  }
  if ((await healthStatus(server.healthUrl)) !== 200) mismatches.push("GET /healthz is not 200 afterwards");
  const normal = await callTool(server.url, "lookup_order", { order_id: "ORD-1001" });
  if (normal.kind !== "result" || normal.isError)
    mismatches.push(`a normal call failed afterwards: ${JSON.stringify(normal)}`);
  return { id: testCase.id, category: testCase.category, mismatches, observed };
}

/**
 * Opens `count` connections that each send half a request line and stall. Resolves once the server has closed
 * every one: how many it closed within a second (refused past its limit) and when the last one closed.
 */
async function flood(
  url: string,
  count: number,
): Promise<{ readonly refusedAtOnce: number; readonly allClosedMs: number }> {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  const closedAfter = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number>((resolve) => {
          const socket = connect(Number(port), hostname, () => socket.write("POST /mcp HTTP/1.1\r\nHost: "));
          socket.on("error", () => {}); // a refused or reset socket is what is measured, by its close
          // Read (and drop) what the server sends, its 408 included: an unread socket never sees the end.
          socket.resume();
          socket.on("close", () => resolve(performance.now() - started));
          // Bounded: a server that never closes it fails the case, not the suite.
          socket.setTimeout(30_000, () => socket.destroy());
        }),
    ),
  );
  return {
    refusedAtOnce: closedAfter.filter((ms) => ms < 1_000).length,
    allClosedMs: Math.round(Math.max(...closedAfter)),
  };
}
