import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";

/** How to start a server over stdio: a command Keel spawns and owns (it is stopped when the run ends). */
export interface StdioServerConfig {
  readonly type: "stdio";
  readonly command: string;
  readonly args?: readonly string[];
  /** Added to a minimal default environment (PATH, HOME, …), not to this process's whole environment. */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /**
   * The server's stderr: "inherit" (default) shows it; "ignore" drops it; "pipe" keeps its last lines,
   * which are then quoted when the server fails to start (MCP_CONNECT_FAILED) — handy for a CLI.
   */
  readonly stderr?: "inherit" | "ignore" | "pipe";
}

/** How to reach a server over Streamable HTTP. */
export interface HttpServerConfig {
  readonly type: "http";
  readonly url: string;
  /** Sent on every request, e.g. `Authorization`. Never logged. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * OAuth per the MCP authorization spec, run by the MCP SDK: `createOAuthProvider(...)` (credentials in a
   * Keel store) or any `OAuthClientProvider` of your own.
   */
  readonly auth?: OAuthClientProvider;
}

export type McpServerConfig = StdioServerConfig | HttpServerConfig;
