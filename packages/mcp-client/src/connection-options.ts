import type { Tool } from "@keel/tools";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { ElicitationEvent, ElicitationHandler } from "./elicitation.js";
import { McpClientError } from "./mcp-client-error.js";
import type { McpServerConfig } from "./server-config.js";

/** What happened on a connection, for a trace or a log. Never carries arguments or results. */
export type McpClientEvent =
  | {
      readonly type: "connected";
      readonly server: string;
      readonly tools: number;
      readonly serverName?: string;
      readonly serverVersion?: string;
    }
  | {
      readonly type: "tools_changed";
      readonly server: string;
      readonly added: readonly string[];
      readonly removed: readonly string[];
    }
  | {
      /** A tool kept its name but changed its description, schemas or hints since it was approved. */
      readonly type: "tool_definition_changed";
      readonly server: string;
      readonly tool: string;
      readonly before: string;
      readonly after: string;
      /** True when `changedTools: "refuse"`: calls are refused until `approve` is called. */
      readonly refused: boolean;
    }
  | { readonly type: "tool_skipped"; readonly server: string; readonly tool: string; readonly reason: string }
  | { readonly type: "reconnecting"; readonly server: string; readonly reason: string }
  /** The server sent `notifications/tools/list_changed`: the list is read again shortly (a `tools_changed` follows if it differs). */
  | { readonly type: "list_changed"; readonly server: string }
  | { readonly type: "session_reinitialized"; readonly server: string }
  | ElicitationEvent
  | { readonly type: "closed"; readonly server: string };

export interface McpConnectOptions {
  /** The server's name (the key in a `.mcp.json`); used in messages, events and `prefix: true`. */
  readonly name: string;
  readonly server: McpServerConfig;
  /**
   * Prefix of the tools' names: none (default), `true` for "<server>__", or a string. Characters the
   * Anthropic API does not accept in names (MCP allows `.` and `/`) become `_`.
   */
  readonly prefix?: string | boolean | undefined;
  /** Only these of the server's tools (by the server's names), or those the function keeps. Default all. */
  readonly include?: (readonly string[] | ((tool: McpTool) => boolean)) | undefined;
  /** Time limit per call, in ms; exceeding it is a transient MCP_TIMEOUT. Default 60 000. */
  readonly timeoutMs?: number | undefined;
  /** Time limit to start (or reach) the server and list its tools, in ms. Default 30 000. */
  readonly connectTimeoutMs?: number | undefined;
  /**
   * A tool whose definition changes under the same name after connecting (a "rug pull"): "report" (the
   * default) uses the new definition and emits `tool_definition_changed`; "refuse" keeps showing the
   * approved definition and answers every call with permission MCP_TOOL_CHANGED until `approve()`.
   */
  readonly changedTools?: "report" | "refuse" | undefined;
  /**
   * Whether the server keys writes on `_meta["dev.keel/idempotency-key"]` (Keel's servers do), so a write
   * cut off mid-call can be retried safely. Default: true when the server calls itself "keel…".
   */
  readonly honoursIdempotencyKey?: boolean | undefined;
  readonly onEvent?: ((event: McpClientEvent) => void) | undefined;
  /**
   * Answers the server's requests for user input (`elicitation/create`, form mode). Without it each is
   * declined; either way an `elicitation` event says what happened (field names, never values).
   */
  readonly onElicit?: ElicitationHandler | undefined;
  /** Closes the connection (and stops a stdio server) when it aborts, e.g. at the end of a run. */
  readonly signal?: AbortSignal | undefined;
}

/** A live connection to one MCP server, whose tools are Keel tools. */
export interface McpConnection {
  readonly name: string;
  /** The server's tools as Keel tools, as of the last listing (refreshed on `tools/list_changed`). */
  readonly tools: readonly Tool[];
  readonly serverName: string | undefined;
  readonly serverVersion: string | undefined;
  /** The server's `instructions`, if it sent any: text meant for the model's system prompt. */
  readonly instructions: string | undefined;
  /** Lists the server's tools again (all pages) and returns them. */
  refresh(): Promise<readonly Tool[]>;
  /** Calls `listener` with the new tools whenever the list changes. Returns the unsubscribe function. */
  onToolsChanged(listener: (tools: readonly Tool[]) => void): () => void;
  /** Accepts the current definition of a changed tool (or of all changed tools) as the approved one. */
  approve(tool?: string): void;
  /** Ends the session, stops a stdio server, and makes every later call fail as closed. Idempotent. */
  close(): Promise<void>;
}

export function checkOptions(options: McpConnectOptions): void {
  const problem = optionsProblem(options);
  if (problem !== undefined) throw new McpClientError("MCP_INVALID_OPTIONS", `connectMcpServer: ${problem}.`);
}

function optionsProblem(options: McpConnectOptions): string | undefined {
  if (typeof options !== "object" || options === null) return "expected an options object";
  if (typeof options.name !== "string" || options.name.trim() === "")
    return "name must be a non-empty string";
  const server = options.server as McpServerConfig | undefined;
  if (server?.type === "stdio") {
    if (typeof server.command !== "string" || server.command === "") return "server.command must be a string";
  } else if (server?.type === "http") {
    if (typeof server.url !== "string" || !URL.canParse(server.url))
      return "server.url must be an absolute URL";
  } else {
    return 'server.type must be "stdio" or "http"';
  }
  for (const key of ["timeoutMs", "connectTimeoutMs"] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && Number.isFinite(value) && value > 0)) {
      return `${key} must be a number > 0`;
    }
  }
  if (
    options.changedTools !== undefined &&
    options.changedTools !== "report" &&
    options.changedTools !== "refuse"
  ) {
    return 'changedTools must be "report" or "refuse"';
  }
  return undefined;
}
