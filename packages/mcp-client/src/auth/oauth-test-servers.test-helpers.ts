import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/**
 * A small OAuth 2.1 authorization server and an MCP server it protects, in-process, each on its own
 * loopback port, following the MCP authorization spec: RFC 9728 metadata behind the 401, RFC 8414 metadata,
 * dynamic registration, PKCE S256 (checked), `resource` (checked), refresh tokens, and controls to expire,
 * revoke or stop. Every request is logged with the Authorization header it carried.
 */
export interface ProtectedMcpServer {
  /** The MCP endpoint. */
  readonly url: string;
  readonly issuer: string;
  readonly requests: ReadonlyArray<{
    readonly host: "as" | "mcp";
    readonly path: string;
    readonly authorization?: string;
  }>;
  /** The access tokens stop working (a refresh gets new ones). */
  expireAccessTokens(): void;
  /** Access and refresh tokens stop working: only a new authorization helps. */
  revokeAll(): void;
  /** The authorization server stops answering (connections refused). */
  stopAuthorizationServer(): Promise<void>;
  close(): Promise<void>;
}

/** Ways the servers lie, for the hostile tests. */
export interface Lies {
  /** The authorization server's metadata names another issuer. */
  readonly issuer?: string;
  /** The protected-resource metadata names another server's resource. */
  readonly resource?: string;
  /** The MCP endpoint answers with a redirect to this URL (another host). */
  readonly redirectTo?: string;
}

export async function startProtectedMcpServer(lies: Lies = {}): Promise<ProtectedMcpServer> {
  const requests: Array<{ host: "as" | "mcp"; path: string; authorization?: string }> = [];
  const codes = new Map<string, { challenge: string; resource: string | null; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  let asUrl = "";
  let mcpUrl = "";
  const token = () => randomBytes(12).toString("hex");
  const issue = (response: ServerResponse) => {
    const access = `at-${token()}`;
    const refresh = `rt-${token()}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    json(response, 200, {
      access_token: access,
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: refresh,
    });
  };

  const as = await listen(async (request, response) => {
    const url = new URL(request.url ?? "/", asUrl);
    requests.push({ host: "as", path: url.pathname, ...authorizationOf(request) });
    if (url.pathname === "/.well-known/oauth-authorization-server") {
      return json(response, 200, {
        issuer: lies.issuer ?? asUrl,
        authorization_endpoint: `${asUrl}/authorize`,
        token_endpoint: `${asUrl}/token`,
        registration_endpoint: `${asUrl}/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
      });
    }
    if (url.pathname === "/register" && request.method === "POST") {
      const metadata = JSON.parse(await bodyOf(request)) as Record<string, unknown>;
      return json(response, 201, {
        ...metadata,
        client_id: `client-${token()}`,
        token_endpoint_auth_method: "none",
      });
    }
    if (url.pathname === "/authorize") {
      const query = url.searchParams;
      if (query.get("code_challenge_method") !== "S256")
        return json(response, 400, { error: "invalid_request" });
      const code = `code-${token()}`;
      const redirectUri = query.get("redirect_uri") ?? "";
      codes.set(code, {
        challenge: query.get("code_challenge") ?? "",
        resource: query.get("resource"),
        redirectUri,
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      const state = query.get("state");
      if (state !== null) back.searchParams.set("state", state);
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === "/token" && request.method === "POST") {
      const form = new URLSearchParams(await bodyOf(request));
      if (form.get("grant_type") === "authorization_code") {
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest("base64url");
        if (grant === undefined || grant.challenge !== verifier || form.get("resource") !== mcpUrl)
          return json(response, 400, { error: "invalid_grant" });
        return issue(response);
      }
      if (form.get("grant_type") === "refresh_token") {
        const refresh = form.get("refresh_token") ?? "";
        if (!refreshTokens.delete(refresh)) return json(response, 400, { error: "invalid_grant" });
        return issue(response);
      }
      return json(response, 400, { error: "unsupported_grant_type" });
    }
    json(response, 404, { error: "not_found" });
  });
  asUrl = `http://127.0.0.1:${(as.address() as AddressInfo).port}`;

  const mcp = await listen(async (request, response) => {
    const url = new URL(request.url ?? "/", mcpUrl);
    requests.push({ host: "mcp", path: url.pathname, ...authorizationOf(request) });
    if (url.pathname === "/.well-known/oauth-protected-resource/mcp") {
      return json(response, 200, {
        resource: lies.resource ?? mcpUrl,
        authorization_servers: [asUrl],
        scopes_supported: ["tools"],
      });
    }
    if (lies.redirectTo !== undefined) {
      response.writeHead(307, { location: lies.redirectTo }).end();
      return;
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, "");
    if (bearer === undefined || !accessTokens.has(bearer)) {
      const metadata = new URL("/.well-known/oauth-protected-resource/mcp", mcpUrl).toString();
      response
        .writeHead(401, {
          "www-authenticate": `Bearer resource_metadata="${metadata}"`,
          "content-type": "application/json",
        })
        .end(JSON.stringify({ error: "invalid_token" }));
      return;
    }
    if (request.method !== "POST") return void response.writeHead(405).end();
    const server = new McpServer({ name: "protected", version: "1.0.0" });
    server.registerTool(
      "whoami",
      { description: "Who the token belongs to.", annotations: { readOnlyHint: true } },
      () => ({
        content: [{ type: "text", text: "a person who logged in" }],
      }),
    );
    // Stateless: no session id generator.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    await transport.handleRequest(request, response, JSON.parse(await bodyOf(request)));
  });
  mcpUrl = `http://127.0.0.1:${(mcp.address() as AddressInfo).port}/mcp`;

  let asOpen = true;
  const stopAs = async () => {
    if (!asOpen) return;
    asOpen = false;
    as.closeAllConnections();
    await new Promise((resolve) => as.close(resolve));
  };
  return {
    url: mcpUrl,
    issuer: asUrl,
    requests,
    expireAccessTokens: () => accessTokens.clear(),
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    stopAuthorizationServer: stopAs,
    close: async () => {
      await stopAs();
      mcp.closeAllConnections();
      await new Promise((resolve) => mcp.close(resolve));
    },
  };
}

/** Plays the browser for an authorization server that approves at once: the URL it redirects back to. */
export async function approveInBrowser(authorizationUrl: URL): Promise<URL> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  if (location === null) throw new Error(`no redirect (HTTP ${response.status})`);
  return new URL(location);
}

function authorizationOf(request: IncomingMessage): { authorization?: string } {
  const header = request.headers.authorization;
  return header === undefined ? {} : { authorization: header };
}

async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<Server> {
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
