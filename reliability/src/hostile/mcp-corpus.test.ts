import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_TOKEN, type McpServerProcess } from "../mcp/mcp-server-process.js";
import { CONFIG_CORPUS } from "./corpus-mcp-config.js";
import { MCP_HTTP_CORPUS } from "./corpus-mcp-http.js";
import { runConfigCase } from "./run-config-case.js";
import { spawnCorpusServer } from "./run-hostile-corpus.js";
import { runMcpHttpCase } from "./run-mcp-http-case.js";

describe("hostile HTTP requests to the built MCP server", () => {
  let server: McpServerProcess;
  beforeAll(async () => {
    server = await spawnCorpusServer();
  });
  afterAll(async () => {
    expect((await server.stop()).code).toBe(0);
    expect(server.stderr()).not.toContain(AGENT_TOKEN);
  });

  it.each(MCP_HTTP_CORPUS.map((testCase) => [testCase.id, testCase] as const))(
    "%s",
    async (_id, testCase) => {
      const result = await runMcpHttpCase(server, testCase);
      expect(result.mismatches, JSON.stringify(result.observed)).toEqual([]);
    },
  );
});

describe("keel check-config on .mcp.json files with planted secrets", () => {
  it.each(CONFIG_CORPUS.map((testCase) => [testCase.id, testCase] as const))("%s", async (_id, testCase) => {
    const result = await runConfigCase(testCase);
    expect(result.mismatches, JSON.stringify(result.observed)).toEqual([]);
  });
});
