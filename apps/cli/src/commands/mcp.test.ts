import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The in-process authorization server and protected MCP server of @keel/mcp-client's OAuth tests.
import {
  approveInBrowser,
  type ProtectedMcpServer,
  startProtectedMcpServer,
} from "../../../../packages/mcp-client/src/auth/oauth-test-servers.test-helpers.js";
import { runCli, temporaryDirectory } from "../cli.test-helpers.js";
import { main } from "../main.js";

let server: ProtectedMcpServer;
let cwd: string;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startProtectedMcpServer();
  cwd = temporaryDirectory();
  env = { KEEL_MCP_CREDENTIALS_DIR: join(cwd, "credentials") };
  const config = {
    mcpServers: { protected: { type: "http", url: server.url, oauth: { scopes: ["tools"] } } },
  };
  writeFileSync(join(cwd, ".mcp.json"), JSON.stringify(config));
});
afterAll(async () => {
  await server.close();
});

/** `keel mcp login protected`, with the test as the person: it opens the printed URL and follows the redirect. */
async function login(): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  let browsing: Promise<unknown> = Promise.resolve();
  const code = await main(["mcp", "login", "protected"], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: {
      write: (text: string) => {
        stderr += text;
        const url = /https?:\/\/\S+\/authorize\S*/.exec(text)?.[0];
        if (url !== undefined) browsing = approveInBrowser(new URL(url)).then((back) => fetch(back));
      },
    },
    env,
    cwd,
    isTTY: false,
  });
  await browsing;
  return { code, stdout, stderr };
}

describe("keel mcp", () => {
  it("login prints the authorization URL, waits for the loopback redirect and keeps the tokens", async () => {
    const result = await login();
    expect(result.stderr).toContain("no browser opened");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /Authorised "protected" \(1 tools\) until \d{4}-.*refreshed when it expires/,
    );
  }, 120_000);

  it("status shows the server as authorised, until when", async () => {
    const result = await runCli(["mcp", "status", "--json"], { env, cwd });
    const report = JSON.parse(result.stdout) as { servers: Array<Record<string, unknown>> };
    expect(report.servers).toEqual([
      expect.objectContaining({
        name: "protected",
        url: server.url,
        expired: false,
        refreshable: true,
        scope: null,
      }),
    ]);
    expect(Date.parse(String(report.servers[0]?.expiresAt))).toBeGreaterThan(Date.now());
  }, 60_000);

  it("keeps the credentials encrypted, with a key file only its owner can read", async () => {
    const dir = env.KEEL_MCP_CREDENTIALS_DIR as string;
    expect(statSync(join(dir, "credentials.key")).mode & 0o777).toBe(0o600);
    const bearer = server.requests.find(
      (request) => request.host === "mcp" && request.authorization,
    )?.authorization;
    const token = bearer?.replace("Bearer ", "") ?? "";
    expect(token).toMatch(/^at-/);
    const files = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
      );
    const holding = files(dir).filter((file) => readFileSync(file).includes(token));
    expect(holding).toEqual([]);
  }, 60_000);

  it("keel lint-tools --mcp-config uses the stored token without asking anyone", async () => {
    const result = await runCli(["lint-tools", "--mcp-config", ".mcp.json", "--json"], { env, cwd });
    expect(result.stderr).not.toContain("authorize");
    expect(result.stdout).toContain("whoami");
  }, 60_000);

  it("a revoked token that refresh cannot fix names keel mcp login", async () => {
    server.revokeAll();
    const result = await runCli(["lint-tools", "--mcp-config", ".mcp.json"], { env, cwd });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("keel mcp login protected");
  }, 60_000);

  it("logout forgets the credentials", async () => {
    expect((await runCli(["mcp", "logout", "protected"], { env, cwd })).stdout).toContain(
      "Forgot the credentials",
    );
    expect((await runCli(["mcp", "status"], { env, cwd })).stdout).toContain("No MCP server is authorised");
  }, 60_000);

  it("status and logout on a folder without credentials create nothing (no database, no key)", async () => {
    const empty = join(temporaryDirectory(), "none");
    const quiet = { KEEL_MCP_CREDENTIALS_DIR: empty };
    expect((await runCli(["mcp", "status"], { env: quiet, cwd })).stdout).toContain(
      "No MCP server is authorised",
    );
    expect((await runCli(["mcp", "logout", "protected"], { env: quiet, cwd })).stdout).toContain(
      "nothing to forget",
    );
    expect(existsSync(empty)).toBe(false);
  });

  it("says what it takes when the subcommand is unknown", async () => {
    const result = await runCli(["mcp", "logni", "x"], { env, cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("keel mcp login");
  });
});
