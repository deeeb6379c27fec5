import { describe, expect, it } from "vitest";
import type { McpConnection } from "../connection-options.js";
import { McpClientError, type McpClientErrorCode } from "../mcp-client-error.js";
import type { OAuthCredentialStore } from "./credential-store.js";
import {
  connectApproving,
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
  const { store, connected: failure } = await connectApproving(server, "hostile");
  expect(McpClientError.isInstance(failure) && failure.code).toBe(code);
  expect((failure as Error).message).toContain(says);
  const asSteps = server.requests.filter((request) => request.host === "as").map((request) => request.path);
  return { server, store, asSteps };
}

describe("authorization servers that lie", () => {
  // Refused once discovery reads the authorization server's metadata: nothing registered, nobody asked.
  it.each<[string, (elsewhere: string) => Lies, string]>([
    [
      "names another issuer",
      () => ({ issuer: "https://login.attacker.example" }),
      "calls itself https://login.attacker.example",
    ],
    [
      "redirects to another host",
      (elsewhere) => ({ metadataRedirectTo: `${elsewhere}/.well-known/oauth-authorization-server` }),
      "redirected to http://localhost:",
    ],
    [
      "is huge",
      () => ({ huge: "authorization-server-metadata" }),
      `/.well-known/oauth-authorization-server answered more than ${AUTHORIZATION_RESPONSE_LIMIT} bytes`,
    ],
  ])(
    "refuses authorization-server metadata that %s, before registering or asking anyone",
    async (_, lies, says) => {
      const elsewhere = servers.track(await startElsewhere());
      const { asSteps } = await refused(lies(elsewhere.url), "MCP_UNAUTHORIZED", says);
      expect(asSteps.filter((path) => !path.startsWith("/.well-known/"))).toEqual([]);
      expect(elsewhere.requests).toEqual([]);
    },
  );

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

  // Refused at the token endpoint: the code and verifier (or refresh token, client secret) go nowhere else,
  // nothing is stored, no bearer token is sent.
  it.each<[string, (elsewhere: string) => Lies, string]>([
    [
      "redirects to another host",
      (elsewhere) => ({ tokenRedirectTo: `${elsewhere}/token` }),
      "/token redirected to http://localhost:",
    ],
    ["answers hugely", () => ({ huge: "token" }), "/token answered more than"],
  ])("refuses a token endpoint that %s", async (_, lies, says) => {
    const elsewhere = servers.track(await startElsewhere());
    const { server, store, asSteps } = await refused(lies(elsewhere.url), "MCP_UNAUTHORIZED", says);
    expect(asSteps).toContain("/token");
    expect(elsewhere.requests).toEqual([]);
    expect((await store.load("hostile"))?.tokens).toBeUndefined();
    expect(server.requests.filter((request) => request.host === "mcp" && request.authorization)).toEqual([]);
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

  it("still reads metadata just under the limit", async () => {
    const server = await servers.start({
      huge: "resource-metadata",
      hugeBytes: AUTHORIZATION_RESPONSE_LIMIT - 512,
    });
    const { connected } = await connectApproving(server, "honest");
    expect((connected as McpConnection).tools?.map((tool) => tool.name)).toEqual(["whoami"]);
  });
});
