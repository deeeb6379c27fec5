import { didYouMean } from "@keel/diagnostics";
import { connectMcpServer, McpClientError } from "@keel/mcp-client";
import { expiryOf, revokeStoredTokens } from "@keel/mcp-client/internal";
import { chooseServers } from "../config/mcp-servers.js";
import type { SqlCredentialStore } from "../mcp-auth/credential-store.js";
import {
  credentialsLocation,
  describeLocation,
  lazyCredentialStore,
  redirectUrlOf,
  withStoredAuth,
} from "../mcp-auth/credentials.js";
import { listenForCallback } from "../mcp-auth/loopback-callback.js";
import { openBrowser } from "../mcp-auth/open-browser.js";
import { StoreUnavailableError } from "../store-unavailable.js";
import { UsageError } from "../usage-error.js";
import { type CommandContext, defineCommand, EXIT } from "./command.js";

const HELP = `Authorise Keel with the MCP servers of a .mcp.json that sit behind OAuth, and see which are.

Usage: keel mcp login NAME [--mcp-config FILE]   sign in in the browser; the tokens are kept for keel run
       keel mcp logout NAME                       revoke NAME's tokens (where its authorization server
                                                  can) and forget them and its client registration
       keel mcp status [--json]                   which servers are authorised, and until when

login follows the MCP authorization spec through the MCP SDK: discovery from the server's 401, dynamic
client registration (or the "oauth.clientId" of the server's entry), PKCE, the resource indicator and the
scopes the server asks for. It opens the authorization page in your browser (or prints the URL when no
browser opens) and waits on a loopback redirect (http://127.0.0.1:PORT/callback, PORT from
"oauth.callbackPort" or a free one). keel run --mcp-config then uses and refreshes the tokens; when they can
no longer be refreshed, the server's calls answer "permission" and name this command.

Credentials are encrypted at rest (AES-256-GCM) in a PGlite folder of their own, $KEEL_MCP_CREDENTIALS_DIR
or ~/.keel/mcp-credentials (the key made on first use in DIR/credentials.key, mode 0600), or in PostgreSQL
at $KEEL_MCP_CREDENTIALS_DATABASE_URL, where $KEEL_MCP_CREDENTIALS_KEY (at least 32 bytes) must be set.

Options:
  --mcp-config FILE   the .mcp.json (default ./.mcp.json)
  --json              status as { "location", "servers": [ ... ] }
  -h, --help          this help

Exit codes: 0 done (login authorised or nothing to keep, logout forgot, status listed); 1 login not
authorised, or logout could not revoke the tokens (forgotten here all the same); 2 usage error; 4 the
credential store is unavailable (its PostgreSQL unreachable or refusing, its folder cannot be created or
written) — never read as "no credentials". With --json (status) that is one {"error": {"kind", "message"}}.

.mcp.json entry with OAuth settings (all optional):
  "linear": { "type": "http", "url": "https://mcp.linear.app/mcp",
              "oauth": { "clientId": "…", "callbackPort": 33418, "scopes": ["read"] } }

Examples:
  keel mcp login linear
  keel mcp status --json | jq '.servers[] | select(.expired)'
  keel mcp logout linear
`;

const ACTIONS = ["login", "logout", "status"];
/** How long login waits for the person to finish in the browser. */
const LOGIN_WAIT_MS = 5 * 60_000;

export const mcpCommand = defineCommand({
  name: "mcp",
  help: HELP,
  options: { "mcp-config": { type: "string" }, json: { type: "boolean" } },
  async run({ values, positionals }, context) {
    const [action, name, ...extra] = positionals;
    if (action === undefined || !ACTIONS.includes(action)) {
      const hint =
        action === undefined
          ? ""
          : `Unknown subcommand "${action}".${didYouMean(action, ACTIONS, (known) => `keel mcp ${known}`)} `;
      throw new UsageError(`${hint}Use "keel mcp login NAME", "keel mcp logout NAME" or "keel mcp status".`);
    }
    if (action === "status") {
      if (name !== undefined) throw new UsageError(`status takes no server name (got "${name}").`);
      return status(context, values.json === true);
    }
    if (name === undefined || extra.length > 0)
      throw new UsageError(`${action} needs exactly one server name.`);
    const file = values["mcp-config"] ?? ".mcp.json";
    return action === "login" ? login(name, file, context) : logout(name, context);
  },
});

async function login(name: string, file: string, { io, style }: CommandContext): Promise<number> {
  const chosen = await chooseServers(file, [name], io.env, io.cwd);
  const server = chosen.servers[name];
  const { credentials } = chosen;
  try {
    if (server?.type !== "http")
      throw new UsageError(`${name} is a stdio server: Keel starts it, no login applies.`);
    if (server.auth === undefined) {
      throw new UsageError(
        `${name} sends an Authorization header from ${file}: that token is used, no login applies.`,
      );
    }
    // A login asks again even when tokens are stored: keep the registration, drop the tokens.
    const stored = await credentials.load(name);
    if (stored !== undefined) {
      const { tokens: _dropped, tokensSavedAt: _when, ...kept } = stored;
      await credentials.save(name, kept);
    }
    const callback = await listenForCallback(chosen.oauth[name]?.callbackPort ?? 0, LOGIN_WAIT_MS);
    try {
      const authorize = async (url: URL): Promise<URL> => {
        io.stderr.write(`Authorise Keel with "${name}" at:\n  ${url.href}\n`);
        if (io.isTTY && !io.env.KEEL_NO_BROWSER && (await openBrowser(url.href)))
          io.stderr.write(style.dim("(opened in your browser; waiting for the redirect back)\n"));
        else
          io.stderr.write(
            style.dim("(no browser opened: open the URL yourself; waiting for the redirect back)\n"),
          );
        return callback.redirected;
      };
      const interactive = withStoredAuth(name, server, chosen.oauth[name] ?? {}, credentials, file, {
        redirectUrl: redirectUrlOf(callback.port),
        authorize,
      });
      const connection = await connectMcpServer({ name, server: interactive, connectTimeoutMs: 60_000 });
      const tools = connection.tools.length;
      await connection.close();
      const now = await credentials.load(name);
      if (now?.tokens === undefined) {
        io.stdout.write(`${name} did not ask for authorization (${tools} tools listed): nothing to keep.\n`);
        return EXIT.ok;
      }
      const expiry = expiryOf(now);
      io.stdout.write(
        `${style.green("✓")} Authorised "${name}" (${tools} tools)${expiry === undefined ? "" : ` until ${expiry.toISOString()}`}` +
          `${now.tokens.refresh_token === undefined ? "" : ", refreshed when it expires"}.\n`,
      );
      return EXIT.ok;
    } finally {
      await callback.close();
    }
  } catch (error) {
    if (UsageError.isInstance(error) || StoreUnavailableError.isInstance(error)) throw error;
    const code = McpClientError.isInstance(error) ? ` (${error.code})` : "";
    io.stderr.write(`keel mcp login: ${name} was not authorised${code}: ${messageOf(error)}\n`);
    return EXIT.failed;
  } finally {
    await credentials.close();
  }
}

async function logout(name: string, { io, style }: CommandContext): Promise<number> {
  const credentials = lazyCredentialStore(io.env, io.cwd);
  try {
    const stored = await credentials.load(name);
    if (stored === undefined) {
      io.stdout.write(`No credentials of "${name}" were kept: nothing to forget.\n`);
      return EXIT.ok;
    }
    // Revoke first (RFC 7009), then forget here whatever the authorization server said.
    const revocation = await revokeStoredTokens(name, stored);
    await credentials.delete(name);
    const where = describeLocation(credentialsLocation(io.env, io.cwd));
    switch (revocation.status) {
      case "revoked":
        io.stdout.write(
          `${style.green("✓")} Revoked the tokens of "${name}" at ${revocation.endpoint} and forgot its credentials (${where}).\n`,
        );
        return EXIT.ok;
      case "nothing-to-revoke":
        io.stdout.write(`Forgot the client registration of "${name}" (${where}); it held no tokens.\n`);
        return EXIT.ok;
      case "unsupported":
        io.stdout.write(
          `Forgot the credentials of "${name}" (${where}). Its authorization server ` +
            `(${revocation.authorizationServer}) offers no revocation endpoint: the tokens stay valid there ` +
            "until they expire.\n",
        );
        return EXIT.ok;
      case "failed":
        io.stdout.write(`Forgot the credentials of "${name}" (${where}).\n`);
        io.stderr.write(
          style.yellow(
            `keel mcp logout: the tokens of "${name}" could not be revoked (${revocation.reason}); they stay ` +
              "valid at its authorization server until they expire or you revoke access there.\n",
          ),
        );
        return EXIT.failed;
    }
  } finally {
    await credentials.close();
  }
}

async function status({ io, style }: CommandContext, json: boolean): Promise<number> {
  const credentials: SqlCredentialStore = lazyCredentialStore(io.env, io.cwd);
  const location = describeLocation(credentialsLocation(io.env, io.cwd));
  try {
    const now = Date.now();
    const servers = (await credentials.list())
      .filter((entry) => entry.credentials.tokens !== undefined)
      .map(({ server, credentials: stored }) => {
        const expiry = expiryOf(stored);
        return {
          name: server,
          url: stored.serverUrl,
          expiresAt: expiry?.toISOString() ?? null,
          expired: expiry !== undefined && expiry.getTime() <= now,
          refreshable: stored.tokens?.refresh_token !== undefined,
          scope: stored.tokens?.scope ?? null,
        };
      });
    if (json) {
      io.stdout.write(`${JSON.stringify({ location, servers })}\n`);
      return EXIT.ok;
    }
    if (servers.length === 0) {
      io.stdout.write(`No MCP server is authorised (${location}). Run "keel mcp login NAME".\n`);
      return EXIT.ok;
    }
    const lines = servers.map((server) => {
      const until =
        server.expiresAt === null
          ? "no expiry given"
          : `${server.expired ? "expired" : "until"} ${server.expiresAt}`;
      const refresh = server.refreshable
        ? "refreshable"
        : style.yellow("not refreshable: log in again when it expires");
      return `${style.bold(server.name)}  ${server.url}\n  ${server.expired && !server.refreshable ? style.red(until) : until}; ${refresh}`;
    });
    io.stdout.write(`${lines.join("\n")}\n${style.dim(`(credentials in ${location})`)}\n`);
    return EXIT.ok;
  } finally {
    await credentials.close();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
