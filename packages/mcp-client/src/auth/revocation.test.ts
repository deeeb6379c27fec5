import { describe, expect, it } from "vitest";
import type { StoredOAuthCredentials } from "./credential-store.js";
import {
  connectApproving,
  type Lies,
  oauthTestServers,
  type ProtectedMcpServer,
} from "./oauth-test-servers.test-helpers.js";
import { revokeStoredTokens } from "./revocation.js";

const servers = oauthTestServers();

/** Logs in to servers that tell `lies` and returns what was stored. */
async function loggedIn(
  lies: Lies = {},
): Promise<{ server: ProtectedMcpServer; stored: StoredOAuthCredentials }> {
  const server = await servers.start(lies);
  const { store } = await connectApproving(server, "protected");
  const stored = await store.load("protected");
  if (stored?.tokens === undefined) throw new Error("no tokens stored");
  return { server, stored };
}

describe("revokeStoredTokens (RFC 7009)", () => {
  it("revokes the refresh token, then the access token, at the revocation endpoint", async () => {
    const { server, stored } = await loggedIn();
    const result = await revokeStoredTokens("protected", stored);
    expect(result).toEqual({
      status: "revoked",
      endpoint: `${server.issuer}/revoke`,
      tokens: ["refresh_token", "access_token"],
    });
    expect(server.revoked).toEqual([stored.tokens?.refresh_token, stored.tokens?.access_token]);
    const posts = server.requests.filter((request) => request.path === "/revoke");
    expect(posts.map((request) => request.form?.token_type_hint)).toEqual(["refresh_token", "access_token"]);
    // A public client names itself in the form (RFC 7009 §2.1).
    expect(posts[0]?.form?.client_id).toBe(stored.clientInformation?.client_id);
    // The revoked access token no longer opens the MCP server.
    const refused = await fetch(server.url, {
      method: "POST",
      headers: { authorization: `Bearer ${stored.tokens?.access_token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
  });

  it("authenticates a confidential client the way it does at the token endpoint", async () => {
    const { server, stored } = await loggedIn({ confidential: true });
    expect(stored.clientInformation?.client_secret).toMatch(/^cs-/);
    expect(await revokeStoredTokens("protected", stored)).toMatchObject({ status: "revoked" });
    const posts = server.requests.filter((request) => request.path === "/revoke");
    expect(posts.map((request) => request.form?.client_secret)).toEqual([
      stored.clientInformation?.client_secret,
      stored.clientInformation?.client_secret,
    ]);
  });

  it("says when the authorization server offers no revocation endpoint", async () => {
    const { server, stored } = await loggedIn({ revocation: "none" });
    expect(await revokeStoredTokens("protected", stored)).toEqual({
      status: "unsupported",
      authorizationServer: server.issuer,
    });
  });

  it("reports a revocation endpoint that fails, without the token in the reason", async () => {
    const { stored } = await loggedIn({ revocation: "failing" });
    const result = await revokeStoredTokens("protected", stored);
    expect(result).toMatchObject({ status: "failed", reason: expect.stringContaining("HTTP 503") });
    expect(JSON.stringify(result)).not.toContain(stored.tokens?.refresh_token);
  });

  it("reports an authorization server that does not answer", async () => {
    const { server, stored } = await loggedIn();
    await server.stopAuthorizationServer();
    expect(await revokeStoredTokens("protected", stored)).toMatchObject({ status: "failed" });
  });

  it("never sends the tokens to an authorization server other than the one that issued them", async () => {
    const { server, stored } = await loggedIn();
    const other = await servers.start();
    const moved = { ...stored, serverUrl: other.url };
    const result = await revokeStoredTokens("protected", moved);
    expect(result).toMatchObject({ status: "failed", reason: expect.stringContaining("were not sent") });
    expect(other.requests.filter((request) => request.path === "/revoke")).toEqual([]);
    expect(server.revoked).toEqual([]);
  });
});
