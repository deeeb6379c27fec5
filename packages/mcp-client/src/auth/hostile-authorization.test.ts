import { describe, expect, it } from "vitest";
import { connectMcpServer } from "../connection.js";
import { McpClientError, type McpClientErrorCode } from "../mcp-client-error.js";
import { memoryCredentialStore, type OAuthCredentialStore } from "./credential-store.js";
import { createOAuthProvider } from "./oauth-provider.js";
import {
  approveInBrowser,
  type Lies,
  oauthTestServers,
  type ProtectedMcpServer,
  startElsewhere,
} from "./oauth-test-servers.test-helpers.js";
import { AUTHORIZATION_RESPONSE_LIMIT } from "./response-limits.js";

// Authorization and resource servers that lie: each is refused with a clear error, and no token (nor
// code, nor registration) goes where it does not belong.

const servers = oauthTestServers();

interface Refusal {
  readonly server: ProtectedMcpServer;
  readonly store: OAuthCredentialStore;
  /** The paths the authorization server was asked for, in order. */
  readonly asSteps: readonly string[];
}

/** Connects to servers that tell `lies`; the connection must fail with `code` and a message saying `says`. */
async function refused(lies: Lies, code: McpClientErrorCode, says: string): Promise<Refusal> {
  const server = await servers.start(lies);
  const store = memoryCredentialStore();
  const auth = createOAuthProvider({
    server: "hostile",
    serverUrl: server.url,
    store,
    authorize: approveInBrowser,
  });
  const failure = await connectMcpServer({
    name: "hostile",
    server: { type: "http", url: server.url, auth },
  }).then(
    async (connection) => {
      await connection.close();
      return connection;
    },
    (error: unknown) => error,
  );
  expect(McpClientError.isInstance(failure) && failure.code).toBe(code);
  expect((failure as Error).message).toContain(says);
  const asSteps = server.requests.filter((request) => request.host === "as").map((request) => request.path);
  return { server, store, asSteps };
}

/** No request reached the MCP endpoint with a bearer token. */
function noBearerToMcp(server: ProtectedMcpServer): void {
  expect(server.requests.filter((request) => request.host === "mcp" && request.authorization)).toEqual([]);
}

describe("authorization servers that lie", () => {
  it("refuses metadata that names another issuer, before registering or asking anyone", async () => {
    const { asSteps } = await refused(
      { issuer: "https://login.attacker.example" },
      "MCP_UNAUTHORIZED",
      "calls itself https://login.attacker.example",
    );
    expect(asSteps).not.toContain("/register");
    expect(asSteps).not.toContain("/authorize");
  });

  it("refuses a protected-resource document for another server (no token is asked for it)", async () => {
    const { asSteps } = await refused(
      { resource: "https://other.example/mcp" },
      "MCP_CONNECT_FAILED",
      "does not match",
    );
    expect(asSteps).not.toContain("/token");
  });

  it("does not follow a resource server's redirect to another host, so no token reaches it", async () => {
    const elsewhere = servers.track(await startElsewhere());
    await refused({ redirectTo: `${elsewhere.url}/mcp` }, "MCP_CONNECT_FAILED", "redirect");
    expect(elsewhere.requests).toEqual([]);
  });

  it("does not follow the token endpoint's redirect to another host: the code and verifier stay home", async () => {
    const elsewhere = servers.track(await startElsewhere());
    const { server, store, asSteps } = await refused(
      { tokenRedirectTo: `${elsewhere.url}/token` },
      "MCP_UNAUTHORIZED",
      `redirected to ${elsewhere.url}: refused`,
    );
    expect(asSteps).toContain("/token");
    expect(elsewhere.requests).toEqual([]);
    expect((await store.load("hostile"))?.tokens).toBeUndefined();
    noBearerToMcp(server);
  });

  it("does not follow authorization-server metadata that redirects to another host", async () => {
    const elsewhere = servers.track(await startElsewhere());
    const { asSteps } = await refused(
      { metadataRedirectTo: `${elsewhere.url}/.well-known/oauth-authorization-server` },
      "MCP_UNAUTHORIZED",
      `redirected to ${elsewhere.url}`,
    );
    expect(elsewhere.requests).toEqual([]);
    expect(asSteps).not.toContain("/register");
  });

  it("refuses huge protected-resource metadata, and asks no authorization server anything", async () => {
    const { server, asSteps } = await refused(
      { huge: "resource-metadata" },
      "MCP_UNAUTHORIZED",
      `answered more than ${AUTHORIZATION_RESPONSE_LIMIT} bytes`,
    );
    expect(asSteps).toEqual([]);
    // Not the SDK's fallback either: the MCP server's own origin is not asked for authorization metadata.
    const mcpPaths = server.requests
      .filter((request) => request.host === "mcp")
      .map((request) => request.path);
    expect(mcpPaths.filter((path) => path.includes("oauth-authorization-server"))).toEqual([]);
  });

  it("refuses huge authorization-server metadata, before registering", async () => {
    const { asSteps } = await refused(
      { huge: "authorization-server-metadata" },
      "MCP_UNAUTHORIZED",
      "/.well-known/oauth-authorization-server answered more than",
    );
    expect(asSteps).not.toContain("/register");
  });

  it("refuses a huge token response: nothing is stored, no bearer is sent", async () => {
    const { server, store } = await refused(
      { huge: "token" },
      "MCP_UNAUTHORIZED",
      "/token answered more than",
    );
    expect((await store.load("hostile"))?.tokens).toBeUndefined();
    noBearerToMcp(server);
  });

  it("still reads metadata just under the limit", async () => {
    const server = await servers.start({
      huge: "resource-metadata",
      hugeBytes: AUTHORIZATION_RESPONSE_LIMIT - 512,
    });
    const auth = createOAuthProvider({
      server: "honest",
      serverUrl: server.url,
      authorize: approveInBrowser,
    });
    const connection = await connectMcpServer({
      name: "honest",
      server: { type: "http", url: server.url, auth },
    });
    expect(connection.tools.map((tool) => tool.name)).toEqual(["whoami"]);
    await connection.close();
  });
});
