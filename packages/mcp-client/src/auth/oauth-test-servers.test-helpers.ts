import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterEach } from "vitest";
import { connectMcpServer } from "../connection.js";
import { memoryCredentialStore, type OAuthCredentialStore } from "./credential-store.js";
import { createOAuthProvider } from "./oauth-provider.js";

/**
 * A small OAuth 2.1 authorization server and an MCP server it protects, in-process, each on its own
 * loopback port, following the MCP authorization spec: RFC 9728 metadata behind the 401, RFC 8414 metadata,
 * dynamic registration, PKCE S256 (checked), `resource` (checked), refresh tokens, token revocation
 * (RFC 7009), and controls to expire, revoke or stop. Every request is logged with the Authorization header
 * it carried.
 */
export interface ProtectedMcpServer {
  /** The MCP endpoint. */
  readonly url: string;
  readonly issuer: string;
  readonly requests: ReadonlyArray<{
    readonly host: "as" | "mcp" | "elsewhere";
    readonly path: string;
    readonly authorization?: string;
    /** The form of a POST to the token or revocation endpoint. */
    readonly form?: Readonly<Record<string, string>>;
  }>;
  /** Every code, token and client secret the authorization server handed out: none may leak. */
  readonly handedOut: readonly string[];
  /** The tokens revoked at the revocation endpoint. */
  readonly revoked: readonly string[];
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
  /** This response is padded to `hugeBytes` (default 2 MiB) of JSON. */
  readonly huge?: "resource-metadata" | "authorization-server-metadata" | "token";
  readonly hugeBytes?: number;
  /** The token endpoint (or the authorization-server metadata) answers 307 to this URL on another host. */
  readonly tokenRedirectTo?: string;
  readonly metadataRedirectTo?: string;
  /** The metadata names no revocation endpoint, or one that answers 503. */
  readonly revocation?: "none" | "failing";
  /** Not a lie: registration issues a client secret, sent with client_secret_post. */
  readonly confidential?: boolean;
}

type Logged = ProtectedMcpServer["requests"][number];

export async function startProtectedMcpServer(lies: Lies = {}): Promise<ProtectedMcpServer> {
  const requests: Logged[] = [];
  const revoked: string[] = [];
  const handedOut: string[] = [];
  const codes = new Map<string, { challenge: string; resource: string | null; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  let asUrl = "";
  let mcpUrl = "";
  const token = () => {
    const value = randomBytes(12).toString("hex");
    handedOut.push(value);
    return value;
  };
  const padded = (which: Lies["huge"], body: Record<string, unknown>) =>
    lies.huge === which ? { ...body, padding: "x".repeat(lies.hugeBytes ?? 2 * 1024 * 1024) } : body;
  const issue = (response: ServerResponse) => {
    const access = `at-${token()}`;
    const refresh = `rt-${token()}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    json(
      response,
      200,
      padded("token", {
        access_token: access,
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: refresh,
      }),
    );
  };

  const as = await listen(
    {
      host: "as",
      base: () => asUrl,
      requests,
      metadata: {
        path: "/.well-known/oauth-authorization-server",
        ...(lies.metadataRedirectTo === undefined ? {} : { redirectTo: lies.metadataRedirectTo }),
        document: () =>
          padded("authorization-server-metadata", {
            issuer: lies.issuer ?? asUrl,
            authorization_endpoint: `${asUrl}/authorize`,
            token_endpoint: `${asUrl}/token`,
            registration_endpoint: `${asUrl}/register`,
            response_types_supported: ["code"],
            grant_types_supported: ["authorization_code", "refresh_token"],
            code_challenge_methods_supported: ["S256"],
            token_endpoint_auth_methods_supported: [lies.confidential ? "client_secret_post" : "none"],
            ...(lies.revocation === "none" ? {} : { revocation_endpoint: `${asUrl}/revoke` }),
          }),
      },
    },
    async (request, response, url, form) => {
      if (url.pathname === "/register" && request.method === "POST") {
        const metadata = JSON.parse(form.body) as Record<string, unknown>;
        return json(response, 201, {
          ...metadata,
          client_id: `client-${randomBytes(6).toString("hex")}`, // not a secret
          ...(lies.confidential
            ? { client_secret: `cs-${token()}`, token_endpoint_auth_method: "client_secret_post" }
            : { token_endpoint_auth_method: "none" }),
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
        return redirect(response, back.toString(), 302);
      }
      if (url.pathname === "/token" && request.method === "POST") {
        if (lies.tokenRedirectTo !== undefined) return redirect(response, lies.tokenRedirectTo);
        const fields = form.fields;
        if (fields.get("grant_type") === "authorization_code") {
          const grant = codes.get(fields.get("code") ?? "");
          codes.delete(fields.get("code") ?? "");
          const verifier = createHash("sha256")
            .update(fields.get("code_verifier") ?? "")
            .digest("base64url");
          if (grant === undefined || grant.challenge !== verifier || fields.get("resource") !== mcpUrl)
            return json(response, 400, { error: "invalid_grant" });
          return issue(response);
        }
        if (fields.get("grant_type") === "refresh_token") {
          const refresh = fields.get("refresh_token") ?? "";
          if (!refreshTokens.delete(refresh)) return json(response, 400, { error: "invalid_grant" });
          return issue(response);
        }
        return json(response, 400, { error: "unsupported_grant_type" });
      }
      if (url.pathname === "/revoke" && request.method === "POST") {
        if (lies.revocation === "failing") return json(response, 503, { error: "temporarily_unavailable" });
        const revoke = form.fields.get("token") ?? "";
        revoked.push(revoke);
        accessTokens.delete(revoke);
        refreshTokens.delete(revoke);
        return void response.writeHead(200).end();
      }
      json(response, 404, { error: "not_found" });
    },
  );
  asUrl = `http://127.0.0.1:${(as.address() as AddressInfo).port}`;

  const mcp = await listen(
    {
      host: "mcp",
      base: () => mcpUrl,
      requests,
      metadata: {
        path: "/.well-known/oauth-protected-resource/mcp",
        document: () =>
          padded("resource-metadata", {
            resource: lies.resource ?? mcpUrl,
            authorization_servers: [asUrl],
            scopes_supported: ["tools"],
          }),
      },
    },
    async (request, response, _url, form) => {
      if (lies.redirectTo !== undefined) return redirect(response, lies.redirectTo);
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
      await transport.handleRequest(request, response, JSON.parse(form.body));
    },
  );
  mcpUrl = `http://127.0.0.1:${(mcp.address() as AddressInfo).port}/mcp`;

  let asOpen = true;
  const stopAs = async () => {
    if (!asOpen) return;
    asOpen = false;
    await stop(as);
  };
  return {
    url: mcpUrl,
    issuer: asUrl,
    requests,
    revoked,
    handedOut,
    expireAccessTokens: () => accessTokens.clear(),
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    stopAuthorizationServer: stopAs,
    close: async () => {
      await stopAs();
      await stop(mcp);
    },
  };
}

/**
 * Starts protected servers (and anything else with `close`) for a test file, closed after each test.
 * Call at a file's top level: it registers the afterEach.
 */
export function oauthTestServers(): {
  start(lies?: Lies): Promise<ProtectedMcpServer>;
  track<T extends { close(): Promise<void> }>(item: T): T;
} {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((item) => item.close()));
  });
  const track = <T extends { close(): Promise<void> }>(item: T): T => {
    open.push(item);
    return item;
  };
  return { start: async (lies) => track(await startProtectedMcpServer(lies)), track };
}

/** A server on another host that logs whatever reaches it: no token, code or secret should. */
export interface Elsewhere {
  readonly url: string;
  readonly requests: ProtectedMcpServer["requests"];
  close(): Promise<void>;
}

export async function startElsewhere(): Promise<Elsewhere> {
  const requests: Logged[] = [];
  let base = "";
  const server = await listen({ host: "elsewhere", base: () => base, requests }, async (_request, response) =>
    json(response, 200, {}),
  );
  // "localhost", not 127.0.0.1: another origin than the servers above, as another host would be.
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () => stop(server),
  };
}

/**
 * Connects to `server` as `name`, with a person who approves at once and a new memory store: the store, and
 * the connection (closed again) or what the connection failed with.
 */
export async function connectApproving(
  server: ProtectedMcpServer,
  name: string,
): Promise<{ readonly store: OAuthCredentialStore; readonly connected: unknown }> {
  const store = memoryCredentialStore();
  const auth = createOAuthProvider({
    server: name,
    serverUrl: server.url,
    store,
    authorize: approveInBrowser,
  });
  const connected = await connectMcpServer({ name, server: { type: "http", url: server.url, auth } }).then(
    async (connection) => {
      await connection.close();
      return connection;
    },
    (error: unknown) => error,
  );
  return { store, connected };
}

/** Plays the browser for an authorization server that approves at once: the URL it redirects back to. */
export async function approveInBrowser(authorizationUrl: URL): Promise<URL> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  if (location === null) throw new Error(`no redirect (HTTP ${response.status})`);
  return new URL(location);
}

/** A request's body, and its fields when it is a form. */
interface Body {
  readonly body: string;
  readonly fields: URLSearchParams;
}

/**
 * An HTTP server on a free loopback port whose requests are logged in `requests` (with their Authorization
 * header, and their form when they post one) before its metadata document or `handler` answers them.
 */
/** One of the test servers: who it is, where it logs, and the metadata document it publishes. */
interface Site {
  readonly host: Logged["host"];
  readonly base: () => string;
  readonly requests: Logged[];
  readonly metadata?: {
    readonly path: string;
    readonly document: () => Record<string, unknown>;
    /** Answer the document's path with a 307 there instead. */
    readonly redirectTo?: string;
  };
}

async function listen(
  { host, base, requests, metadata }: Site,
  handler: (request: IncomingMessage, response: ServerResponse, url: URL, body: Body) => Promise<void>,
): Promise<Server> {
  const server = createServer((request, response) => {
    const answer = async () => {
      const url = new URL(request.url ?? "/", base());
      const body = request.method === "POST" ? await bodyOf(request) : "";
      const isForm = request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded");
      const fields = new URLSearchParams(isForm ? body : "");
      const header = request.headers.authorization;
      requests.push({
        host,
        path: url.pathname,
        ...(header === undefined ? {} : { authorization: header }),
        ...(isForm ? { form: Object.fromEntries(fields) } : {}),
      });
      if (metadata === undefined || url.pathname !== metadata.path)
        return handler(request, response, url, { body, fields });
      if (metadata.redirectTo !== undefined) return redirect(response, metadata.redirectTo);
      json(response, 200, metadata.document());
    };
    answer().catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

function redirect(response: ServerResponse, location: string, status = 307): void {
  response.writeHead(status, { location }).end();
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
