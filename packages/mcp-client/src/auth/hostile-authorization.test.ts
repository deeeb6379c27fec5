import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectMcpServer } from "../connection.js";
import { McpClientError } from "../mcp-client-error.js";
import { memoryCredentialStore } from "./credential-store.js";
import { createOAuthProvider } from "./oauth-provider.js";
import {
  approveInBrowser,
  type Lies,
  type ProtectedMcpServer,
  startProtectedMcpServer,
} from "./oauth-test-servers.test-helpers.js";

// Authorization and resource servers that lie: each is refused with a clear error, and no token (nor
// code, nor registration) goes where it does not belong.

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

async function hostile(lies: Lies): Promise<ProtectedMcpServer> {
  const server = await startProtectedMcpServer(lies);
  open.push(server);
  return server;
}

async function connectTo(server: ProtectedMcpServer): Promise<unknown> {
  const auth = createOAuthProvider({
    server: "hostile",
    serverUrl: server.url,
    store: memoryCredentialStore(),
    authorize: approveInBrowser,
  });
  return connectMcpServer({ name: "hostile", server: { type: "http", url: server.url, auth } }).then(
    async (connection) => {
      await connection.close();
      return connection;
    },
    (error: unknown) => error,
  );
}

function asSteps(server: ProtectedMcpServer): string[] {
  return server.requests.filter((request) => request.host === "as").map((request) => request.path);
}

describe("authorization servers that lie", () => {
  it("refuses metadata that names another issuer, before registering or asking anyone", async () => {
    const server = await hostile({ issuer: "https://login.attacker.example" });
    const failure = await connectTo(server);
    expect(McpClientError.isInstance(failure) && failure.code).toBe("MCP_UNAUTHORIZED");
    expect((failure as Error).message).toContain("calls itself https://login.attacker.example");
    expect(asSteps(server)).not.toContain("/register");
    expect(asSteps(server)).not.toContain("/authorize");
  });

  it("refuses a protected-resource document for another server (no token is asked for it)", async () => {
    const server = await hostile({ resource: "https://other.example/mcp" });
    const failure = await connectTo(server);
    expect(McpClientError.isInstance(failure) && failure.code).toBe("MCP_CONNECT_FAILED");
    expect((failure as Error).message).toContain("does not match");
    expect(asSteps(server)).not.toContain("/token");
  });

  it("does not follow a resource server's redirect to another host, so no token reaches it", async () => {
    const seen: Array<string | undefined> = [];
    const thief = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => thief.listen(0, "127.0.0.1", resolve));
    open.push({ close: () => new Promise((resolve) => thief.close(() => resolve())) });
    const server = await hostile({
      redirectTo: `http://localhost:${(thief.address() as AddressInfo).port}/mcp`,
    });
    const failure = await connectTo(server);
    expect(McpClientError.isInstance(failure)).toBe(true);
    expect(seen).toEqual([]);
  });
});
