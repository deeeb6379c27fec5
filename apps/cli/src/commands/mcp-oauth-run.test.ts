import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlyJson, runCli } from "../cli.test-helpers.js";
import { loginAsPerson, type OAuthWorkspace, oauthWorkspace } from "../mcp-auth/oauth-login.test-helpers.js";

// keel run on an MCP server behind OAuth: what the run writes (its output, --trace, the --record cassette)
// never holds a token, the client secret or the authorization code, though the run refreshed its token
// with them.

let workspace: OAuthWorkspace;
beforeAll(async () => {
  // A confidential client: registration gives it a client secret, sent at the token endpoint.
  workspace = await oauthWorkspace({ confidential: true });
  expect((await loginAsPerson(workspace)).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await workspace.server.close();
});

describe("keel run with an OAuth-authorised MCP server", () => {
  it("keeps every token, the client secret and the code out of the trace, the cassette and the output", async () => {
    const { server, cwd, env } = workspace;
    server.expireAccessTokens(); // the run must refresh: the refresh token and the secret are used in it
    const script = join(cwd, "script.json");
    writeFileSync(
      script,
      JSON.stringify([
        { content: [{ type: "tool_use", id: "toolu_1", name: "whoami", input: {} }] },
        { content: [{ type: "text", text: "You are a person who logged in." }] },
      ]),
    );
    const trace = join(cwd, "run.trace.json");
    const cassette = join(cwd, "run.cassette.json");
    const result = await runCli(
      [
        "run",
        "Who am I?",
        "--script",
        script,
        "--mcp-config",
        ".mcp.json",
        "--trace",
        trace,
        "--record",
        cassette,
        "--json",
      ],
      { env, cwd },
    );
    expect(result.code).toBe(0);
    expect(onlyJson(result.stdout).toolCalls).toContainEqual(
      expect.objectContaining({ requested: "whoami", isError: false }),
    );
    // The secrets were really in play during the run: a refresh, authenticated with the client secret.
    const refresh = server.requests.find((request) => request.form?.grant_type === "refresh_token");
    expect(refresh?.form?.client_secret).toMatch(/^cs-/);
    expect(server.requests.some((request) => request.form?.code?.startsWith("code-"))).toBe(true);

    const written = {
      trace: readFileSync(trace, "utf8"),
      cassette: readFileSync(cassette, "utf8"),
      stdout: result.stdout,
      stderr: result.stderr,
    };
    expect(written.trace).toContain("whoami");
    expect(written.cassette).toContain("a person who logged in");
    const secrets = server.handedOut;
    expect(secrets.length).toBeGreaterThanOrEqual(6); // code, client secret, two access and refresh tokens
    for (const [file, text] of Object.entries(written)) {
      expect({ file, leaked: secrets.filter((secret) => text.includes(secret)) }).toEqual({
        file,
        leaked: [],
      });
    }
  }, 120_000);
});
