import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, temporaryDirectory } from "../cli.test-helpers.js";
import { loginAsPerson, type OAuthWorkspace, oauthWorkspace } from "../mcp-auth/oauth-login.test-helpers.js";

let workspace: OAuthWorkspace;
let server: OAuthWorkspace["server"];
let cwd: string;
let env: Record<string, string>;
beforeAll(async () => {
  workspace = await oauthWorkspace();
  ({ server, cwd, env } = workspace);
});
afterAll(async () => {
  await server.close();
});

const login = () => loginAsPerson(workspace);

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

  it("logout revokes the tokens at the authorization server (RFC 7009), then forgets them", async () => {
    expect((await login()).code).toBe(0);
    const bearer = server.requests.findLast((request) => request.host === "mcp" && request.authorization);
    const access = bearer?.authorization?.replace("Bearer ", "");
    const result = await runCli(["mcp", "logout", "protected"], { env, cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Revoked the tokens of "protected" at ${server.issuer}/revoke`);
    expect(server.revoked).toHaveLength(2);
    expect(server.revoked[1]).toBe(access);
    expect(server.revoked[0]).toMatch(/^rt-/);
    expect((await runCli(["mcp", "status"], { env, cwd })).stdout).toContain("No MCP server is authorised");
  }, 120_000);

  it("logout forgets the tokens here even when revocation fails, and says so", async () => {
    const failing = await oauthWorkspace({ revocation: "failing" });
    try {
      expect((await loginAsPerson(failing)).code).toBe(0);
      const result = await runCli(["mcp", "logout", "protected"], { env: failing.env, cwd: failing.cwd });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('Forgot the credentials of "protected"');
      expect(result.stderr).toContain("could not be revoked (");
      expect(result.stderr).toContain("HTTP 503");
      expect(result.stderr).not.toMatch(/rt-|at-[0-9a-f]/);
      const status = await runCli(["mcp", "status"], { env: failing.env, cwd: failing.cwd });
      expect(status.stdout).toContain("No MCP server is authorised");
    } finally {
      await failing.server.close();
    }
  }, 120_000);

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
