import { AGENT_TOKEN, type McpServerProcess, spawnMcpServer } from "../mcp/mcp-server-process.js";
import { LOOP_CORPUS } from "./corpus-loop.js";
import { CONFIG_CORPUS } from "./corpus-mcp-config.js";
import {
  HOSTILE_HEADER_TIMEOUT_SECONDS,
  HOSTILE_MAX_CONNECTIONS,
  MCP_HTTP_CORPUS,
} from "./corpus-mcp-http.js";
import { runConfigCase } from "./run-config-case.js";
import { type CaseResult, closeLoopCaseStores, runLoopCase } from "./run-loop-case.js";
import { runMcpHttpCase } from "./run-mcp-http-case.js";

export interface HostileReport {
  /** Per surface and category: cases run and cases with the expected outcome. */
  readonly rows: readonly {
    readonly surface: string;
    readonly category: string;
    readonly cases: number;
    readonly passed: number;
  }[];
  readonly failures: readonly CaseResult[];
  /** The MCP server kept serving after every case and stopped cleanly; its log never held the token. */
  readonly serverSurvived: boolean;
}

/**
 * The built keel-mcp the HTTP corpus runs against: in-memory store, at most HOSTILE_MAX_CONNECTIONS connections,
 * headers due within HOSTILE_HEADER_TIMEOUT_SECONDS.
 */
export function spawnCorpusServer(): Promise<McpServerProcess> {
  return spawnMcpServer({
    extraArgs: [
      "--max-connections",
      String(HOSTILE_MAX_CONNECTIONS),
      "--header-timeout",
      String(HOSTILE_HEADER_TIMEOUT_SECONDS),
    ],
  });
}

/** Runs the whole committed corpus: loop turns, HTTP requests to the built server, check-config files. */
export async function runHostileCorpus(): Promise<HostileReport> {
  const results: { surface: string; result: CaseResult }[] = [];
  try {
    for (const testCase of LOOP_CORPUS)
      results.push({ surface: "agent loop", result: await runLoopCase(testCase) });
  } finally {
    await closeLoopCaseStores();
  }
  const server = await spawnCorpusServer();
  let serverSurvived = false;
  try {
    for (const testCase of MCP_HTTP_CORPUS) {
      results.push({ surface: "MCP over HTTP", result: await runMcpHttpCase(server, testCase) });
    }
  } finally {
    const stopped = await server.stop();
    serverSurvived = stopped.code === 0 && !server.stderr().includes(AGENT_TOKEN);
  }
  for (const testCase of CONFIG_CORPUS)
    results.push({ surface: "keel check-config", result: await runConfigCase(testCase) });
  const rows = new Map<string, { surface: string; category: string; cases: number; passed: number }>();
  for (const { surface, result } of results) {
    const key = `${surface}\u0000${result.category}`;
    const row = rows.get(key) ?? { surface, category: result.category, cases: 0, passed: 0 };
    row.cases++;
    if (result.mismatches.length === 0) row.passed++;
    rows.set(key, row);
  }
  return {
    rows: [...rows.values()],
    failures: results.map(({ result }) => result).filter((result) => result.mismatches.length > 0),
    serverSurvived,
  };
}
