import { describe, expect, it } from "vitest";
import { connectMcpServer } from "../connection.js";
import type { McpConnection } from "../connection-options.js";
import { McpClientError } from "../mcp-client-error.js";
import { runTool } from "../test-servers.test-helpers.js";
import { memoryCredentialStore } from "./credential-store.js";
import { createOAuthProvider, type OAuthProviderOptions } from "./oauth-provider.js";
import {
  approveInBrowser,
  oauthTestServers,
  type ProtectedMcpServer,
} from "./oauth-test-servers.test-helpers.js";

const servers = oauthTestServers();
const protectedServer = () => servers.start();

async function connect(
  server: ProtectedMcpServer,
  options: Partial<OAuthProviderOptions>,
): Promise<McpConnection> {
  const auth = createOAuthProvider({ server: "protected", serverUrl: server.url, ...options });
  return servers.track(
    await connectMcpServer({ name: "protected", server: { type: "http", url: server.url, auth } }),
  );
}

describe("OAuth through the MCP SDK", () => {
  it("registers, sends a person to authorise with PKCE and resource, and keeps the tokens in the store", async () => {
    const server = await protectedServer();
    const store = memoryCredentialStore();
    const connection = await connect(server, { store, authorize: approveInBrowser });
    expect(connection.tools.map((tool) => tool.name)).toEqual(["whoami"]);
    const stored = await store.load("protected");
    expect(stored?.serverUrl).toBe(server.url);
    expect(stored?.tokens?.access_token).toMatch(/^at-/);
    expect(stored?.clientInformation?.client_id).toMatch(/^client-/);
    const steps = server.requests
      .filter((request) => request.host === "as" && !request.path.startsWith("/.well-known"))
      .map((request) => request.path);
    expect(steps).toEqual(["/register", "/authorize", "/token"]);
  });

  it("uses stored tokens in a later process without asking anyone", async () => {
    const server = await protectedServer();
    const store = memoryCredentialStore();
    await (await connect(server, { store, authorize: approveInBrowser })).close();
    const later = await connect(server, { store });
    expect((await runTool(later, "whoami")).kind).toBe("success");
  });

  it("refreshes an expired access token on its own", async () => {
    const server = await protectedServer();
    const store = memoryCredentialStore();
    const connection = await connect(server, { store, authorize: approveInBrowser });
    const before = (await store.load("protected"))?.tokens?.access_token;
    server.expireAccessTokens();
    expect((await runTool(connection, "whoami")).kind).toBe("success");
    expect((await store.load("protected"))?.tokens?.access_token).not.toBe(before);
  });

  it("refuses to connect without tokens when nobody can be asked, saying what to run", async () => {
    const server = await protectedServer();
    const failure = await connect(server, { loginHint: "run `keel mcp login protected`" }).catch(
      (error: unknown) => error,
    );
    expect(McpClientError.isInstance(failure) && failure.code).toBe("MCP_UNAUTHORIZED");
    expect((failure as Error).message).toContain("keel mcp login protected");
  });

  it("answers a call whose tokens were revoked with permission, never transient", async () => {
    const server = await protectedServer();
    const store = memoryCredentialStore();
    await (await connect(server, { store, authorize: approveInBrowser })).close();
    const connection = await connect(server, { store, loginHint: "run `keel mcp login protected`" });
    server.revokeAll();
    const outcome = await runTool(connection, "whoami");
    expect(outcome).toMatchObject({ kind: "error", category: "permission", code: "MCP_UNAUTHORIZED" });
    expect(outcome.kind === "error" && outcome.message).toContain("keel mcp login protected");
  });

  it("answers a call whose authorization server does not answer with transient", async () => {
    const server = await protectedServer();
    const store = memoryCredentialStore();
    await (await connect(server, { store, authorize: approveInBrowser })).close();
    const connection = await connect(server, { store });
    server.expireAccessTokens();
    await server.stopAuthorizationServer();
    const outcome = await runTool(connection, "whoami");
    expect(outcome).toMatchObject({
      kind: "error",
      category: "transient",
      code: "MCP_AUTHORIZATION_SERVER_UNAVAILABLE",
    });
  });

  it("ignores a redirect back that carries another state", async () => {
    const server = await protectedServer();
    const forged = async (url: URL) => {
      const back = await approveInBrowser(url);
      back.searchParams.set("state", "forged");
      return back;
    };
    const failure = await connect(server, { authorize: forged }).catch((error: unknown) => error);
    expect(McpClientError.isInstance(failure) && failure.code).toBe("MCP_UNAUTHORIZED");
    expect((failure as Error).message).toContain("wrong state");
    expect(server.requests.some((request) => request.path === "/token")).toBe(false);
  });

  it("never sends the access token to the authorization server", async () => {
    const server = await protectedServer();
    const connection = await connect(server, { authorize: approveInBrowser });
    server.expireAccessTokens();
    await runTool(connection, "whoami");
    const bearerToAs = server.requests.filter(
      (request) => request.host === "as" && request.authorization?.startsWith("Bearer"),
    );
    expect(bearerToAs).toEqual([]);
  });
});
