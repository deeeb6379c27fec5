import {
  fromMcpResult,
  permissionError,
  type ToolOutcome,
  transientError,
  unclassifiedError,
} from "@keel/errors";
import { defineJsonSchemaTool, type Tool, type ToolAnnotations, type ToolContext } from "@keel/tools";
import { IDEMPOTENCY_META_KEY } from "@keel/wire";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type Tool as McpTool, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import {
  authorizationRetry,
  connectFailureCode,
  MAX_AUTHORIZATIONS,
  withAuthorization,
} from "./auth/authorization-flow.js";
import { failureOf, sessionForgotten } from "./call-failure.js";
import {
  answerElicitations,
  ELICITATION_CAPABILITIES,
  type ElicitationEvent,
  type ElicitationHandler,
} from "./elicitation.js";
import { fingerprintOf } from "./fingerprint.js";
import { McpClientError } from "./mcp-client-error.js";
import type { McpServerConfig } from "./server-config.js";
import { trackServerProcess, untrackServerProcess } from "./spawned-servers.js";
import { checkUnique, keelNameOf, prefixOf } from "./tool-names.js";
import { activeTraceMeta, loadOpenTelemetry } from "./trace-meta.js";
import { VERSION } from "./version.js";

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
  readonly prefix?: string | boolean;
  /** Only these of the server's tools (by the server's names), or those the function keeps. Default all. */
  readonly include?: readonly string[] | ((tool: McpTool) => boolean);
  /** Time limit per call, in ms; exceeding it is a transient MCP_TIMEOUT. Default 60 000. */
  readonly timeoutMs?: number;
  /** Time limit to start (or reach) the server and list its tools, in ms. Default 30 000. */
  readonly connectTimeoutMs?: number;
  /**
   * A tool whose definition changes under the same name after connecting (a "rug pull"): "report" (the
   * default) uses the new definition and emits `tool_definition_changed`; "refuse" keeps showing the
   * approved definition and answers every call with permission MCP_TOOL_CHANGED until `approve()`.
   */
  readonly changedTools?: "report" | "refuse";
  /**
   * Whether the server keys writes on `_meta["dev.keel/idempotency-key"]` (Keel's servers do), so a write
   * cut off mid-call can be retried safely. Default: true when the server calls itself "keel…".
   */
  readonly honoursIdempotencyKey?: boolean;
  readonly onEvent?: (event: McpClientEvent) => void;
  /**
   * Answers the server's requests for user input (`elicitation/create`). Without it every such request is
   * declined (an `elicitation` event says so). See elicitation.ts.
   */
  readonly onElicit?: ElicitationHandler;
  /** Closes the connection (and stops a stdio server) when it aborts, e.g. at the end of a run. */
  readonly signal?: AbortSignal;
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

interface Session {
  readonly client: Client;
  readonly transport: Transport;
  alive: boolean;
}

interface Listed {
  readonly remote: McpTool;
  readonly fingerprint: string;
  /** Checks `structuredContent` against the tool's output schema (compiled on first use). */
  validate?: JsonSchemaValidator<unknown>;
}

const validators = new AjvJsonSchemaValidator();

/**
 * Why a successful result breaks the tool's own output schema, or undefined when it does not (or the tool
 * has none). Checked here for every tool: the SDK's own check only knows the tools of the last page listed.
 */
function outputProblem(listed: Listed, result: Record<string, unknown>): string | undefined {
  const schema = listed.remote.outputSchema;
  if (schema === undefined || result.isError === true) return undefined;
  if (result.structuredContent === undefined)
    return "it declares an output schema but sent no structuredContent";
  try {
    listed.validate ??= validators.getValidator(schema as JsonSchemaType);
    const verdict = listed.validate(result.structuredContent);
    return verdict.valid ? undefined : (verdict.errorMessage ?? "invalid");
  } catch (error) {
    return `its output schema cannot be compiled: ${messageOf(error)}`;
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
const MAX_PAGES = 1000;
const REFRESH_DEBOUNCE_MS = 50;

/**
 * Connects to an MCP server (starting it, for stdio), lists its tools (every page) and returns them as
 * Keel tools, so they pass the same validation, hooks, idempotency keys and categories as local tools.
 * Throws McpClientError (MCP_CONNECT_FAILED, MCP_LIST_TOOLS_FAILED, MCP_TOOL_NAME_*); calls never throw.
 */
export async function connectMcpServer(options: McpConnectOptions): Promise<McpConnection> {
  const connection = new Connection(options);
  await connection.open();
  return connection;
}

class Connection implements McpConnection {
  readonly name: string;
  serverName: string | undefined;
  serverVersion: string | undefined;
  instructions: string | undefined;
  tools: readonly Tool[] = [];

  private readonly options: McpConnectOptions;
  private readonly prefix: string;
  private session: Session | undefined;
  private connecting: Promise<Session> | undefined;
  private closed = false;
  /** Approved definitions, by the server's tool name. */
  private readonly approved = new Map<string, Listed>();
  /** The latest listing, by the server's tool name. */
  private latest = new Map<string, Listed>();
  private readonly listeners = new Set<(tools: readonly Tool[]) => void>();
  private refreshTimer: NodeJS.Timeout | undefined;
  private refreshing: Promise<readonly Tool[]> | undefined;
  /** A tools/list_changed arrived and the list was not read again since. */
  private listChanged = false;

  constructor(options: McpConnectOptions) {
    checkOptions(options);
    this.options = options;
    this.name = options.name;
    this.prefix = prefixOf(options.name, options.prefix);
    options.signal?.addEventListener("abort", () => void this.close(), { once: true });
  }

  async open(): Promise<void> {
    if (this.options.signal?.aborted) {
      throw new McpClientError("MCP_CONNECT_FAILED", `Connecting to "${this.name}" was aborted.`);
    }
    void loadOpenTelemetry(); // ready before the first call, if the application has it
    const session = await this.ensureSession();
    try {
      await this.relist(session);
    } catch (error) {
      await this.close();
      throw error;
    }
    this.options.onEvent?.({
      type: "connected",
      server: this.name,
      tools: this.tools.length,
      ...(this.serverName === undefined ? {} : { serverName: this.serverName }),
      ...(this.serverVersion === undefined ? {} : { serverVersion: this.serverVersion }),
    });
  }

  refresh(): Promise<readonly Tool[]> {
    this.refreshing ??= (async () => {
      this.listChanged = false;
      try {
        await this.relist(await this.ensureSession());
        return this.tools;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  onToolsChanged(listener: (tools: readonly Tool[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  approve(tool?: string): void {
    for (const [remote, listed] of this.latest) {
      if (tool === undefined || remote === tool || this.keelName(remote) === tool)
        this.approved.set(remote, listed);
    }
    this.rebuild();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.refreshTimer);
    const session = this.session ?? (await this.connecting?.catch(() => undefined));
    this.session = undefined;
    if (session !== undefined) await endSession(session, true);
    this.options.onEvent?.({ type: "closed", server: this.name });
  }

  /** One call of a server tool, as a Keel outcome. */
  async call(remote: string, input: unknown, context: ToolContext): Promise<ToolOutcome> {
    const keelName = this.keelName(remote);
    if (this.closed) {
      return transientError(
        "MCP_CONNECTION_CLOSED",
        `The connection to the MCP server "${this.name}" was closed; "${keelName}" cannot be called any more.`,
        { retryable: false },
      );
    }
    if (this.isRefused(remote)) {
      return permissionError(
        "MCP_TOOL_CHANGED",
        `The MCP server "${this.name}" changed the definition of "${keelName}" since it was approved, so ` +
          "Keel will not call it until a person approves the new definition. Do not retry; tell the user.",
      );
    }
    const listed = this.latest.get(remote);
    const safeToRepeat =
      listed?.remote.annotations?.readOnlyHint === true ||
      listed?.remote.annotations?.idempotentHint === true ||
      (this.honoursKey() && context.idempotencyKey !== undefined);
    // The caller's span (the loop's execute_tool span, say) travels on: the server's span joins its trace.
    const meta: Record<string, unknown> = await activeTraceMeta();
    if (context.idempotencyKey !== undefined) meta[IDEMPOTENCY_META_KEY] = context.idempotencyKey;
    for (let attempt = 0; ; attempt += 1) {
      let session: Session;
      try {
        session = await this.ensureSession();
      } catch (error) {
        return transientError(
          "MCP_SERVER_UNAVAILABLE",
          `The MCP server "${this.name}" could not be reached (${messageOf(error)}); "${keelName}" was not ` +
            "called. Try again shortly.",
        );
      }
      // The SDK adds an abort listener to the signal it is given and never removes it: give it a signal of
      // this request's own, linked to the run's for as long as the request lasts, so a long run's signal
      // does not collect a listener per call (MaxListenersExceededWarning after ten calls, memory growth).
      const request = linkedSignal(context.signal);
      try {
        const result = await session.client.callTool(
          { name: remote, arguments: input as Record<string, unknown>, _meta: meta },
          undefined,
          { signal: request.signal, timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
        );
        const invalid = listed === undefined ? undefined : outputProblem(listed, result);
        if (invalid !== undefined) {
          return unclassifiedError(
            "MCP_INVALID_OUTPUT",
            `"${keelName}" on the MCP server "${this.name}" returned a result that does not match its own ` +
              `output schema (${invalid}). Its answer cannot be trusted; do not retry, tell the user the tool ` +
              "is faulty.",
          );
        }
        // The server said its list changed while running the call (it arrives before the result): read the
        // list before answering, so the loop's next round already sees the new tools.
        if (this.listChanged) await this.refresh().catch(() => {});
        return fromMcpResult(result);
      } catch (thrown) {
        // A person authorising now (a first login, a step-up to more scopes) makes the call worth sending again.
        const after = await authorizationRetry(this.options.server, session.transport, thrown);
        if (after.retry && attempt < MAX_AUTHORIZATIONS) continue;
        const error = after.retry ? thrown : after.error;
        if (attempt === 0 && sessionForgotten(error) && !this.closed) {
          // The server refused the request for its session id: nothing ran. A new session, then once more.
          this.options.onEvent?.({ type: "session_reinitialized", server: this.name });
          await this.dropSession(session, false);
          continue;
        }
        const failure = failureOf(error, { server: this.name, tool: keelName, safeToRepeat });
        if (failure.after === "reconnect") {
          this.options.onEvent?.({ type: "reconnecting", server: this.name, reason: failure.outcome.code });
          await this.dropSession(session, true);
        } else if (failure.after === "refresh-tools") {
          void this.refresh().catch(() => {});
        }
        return failure.outcome;
      } finally {
        request.unlink();
      }
    }
  }

  private honoursKey(): boolean {
    return this.options.honoursIdempotencyKey ?? /^keel/i.test(this.serverName ?? "");
  }

  private isRefused(remote: string): boolean {
    if (this.options.changedTools !== "refuse") return false;
    const approved = this.approved.get(remote);
    const latest = this.latest.get(remote);
    return approved !== undefined && latest !== undefined && approved.fingerprint !== latest.fingerprint;
  }

  private keelName(remote: string): string {
    return `${this.prefix}${remote.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
  }

  private ensureSession(): Promise<Session> {
    if (this.closed) return Promise.reject(new Error("the connection is closed"));
    if (this.session?.alive) return Promise.resolve(this.session);
    this.connecting ??= this.startSession().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async startSession(authorizations = 0): Promise<Session> {
    const transport = transportOf(this.options.server);
    const tail = stderrTail(transport);
    const client = new Client({ name: "keel", version: VERSION }, { capabilities: ELICITATION_CAPABILITIES });
    const session: Session = { client, transport, alive: true };
    client.onclose = () => {
      session.alive = false;
      if (transport instanceof StdioClientTransport) untrackServerProcess(transport.pid);
    };
    client.onerror = () => {};
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.scheduleRefresh());
    answerElicitations(client, this.name, this.options.onElicit, (event) => this.options.onEvent?.(event));
    const timeout = this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    try {
      await client.connect(transport, { timeout });
    } catch (thrown) {
      session.alive = false;
      await endSession(session, false);
      const after = await authorizationRetry(this.options.server, transport, thrown);
      if (after.retry && authorizations < MAX_AUTHORIZATIONS) return this.startSession(authorizations + 1);
      const error = after.retry ? thrown : after.error;
      throw new McpClientError(
        connectFailureCode(error),
        `Could not connect to the MCP server "${this.name}" (${describeServer(this.options.server)}): ` +
          `${messageOf(error)}${tail.text() === "" ? "" : `\nIts stderr ended with:\n${tail.text()}`}`,
        { cause: error },
      );
    }
    if (transport instanceof StdioClientTransport) trackServerProcess(transport.pid);
    const info = client.getServerVersion();
    this.serverName = info?.name;
    this.serverVersion = info?.version;
    this.instructions = client.getInstructions();
    if (this.closed) {
      await endSession(session, true);
      throw new Error("the connection is closed");
    }
    const reconnect = this.session !== undefined || this.latest.size > 0;
    this.session = session;
    if (reconnect) await this.relist(session).catch(() => {});
    return session;
  }

  private async dropSession(session: Session, terminate: boolean): Promise<void> {
    session.alive = false;
    if (this.session === session) this.session = undefined;
    await endSession(session, terminate);
  }

  private scheduleRefresh(): void {
    if (this.closed) return;
    this.listChanged = true;
    this.options.onEvent?.({ type: "list_changed", server: this.name });
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => void this.refresh().catch(() => {}), REFRESH_DEBOUNCE_MS);
    this.refreshTimer.unref?.();
  }

  /** Lists every page, records what changed, and rebuilds the Keel tools. */
  private async relist(session: Session): Promise<void> {
    const listing = new Map<string, Listed>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      let result: Awaited<ReturnType<Client["listTools"]>>;
      try {
        result = await withAuthorization(this.options.server, session.transport, () =>
          session.client.listTools(cursor === undefined ? {} : { cursor }, {
            timeout: this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          }),
        );
      } catch (error) {
        const code = connectFailureCode(error);
        throw new McpClientError(
          code === "MCP_CONNECT_FAILED" ? "MCP_LIST_TOOLS_FAILED" : code,
          `The MCP server "${this.name}" did not list its tools: ${messageOf(error)}`,
          { cause: error },
        );
      }
      for (const remote of result.tools) {
        if (this.included(remote)) listing.set(remote.name, { remote, fingerprint: fingerprintOf(remote) });
      }
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    const first = this.latest.size === 0 && this.approved.size === 0;
    const added = [...listing.keys()].filter((name) => !this.latest.has(name));
    const removed = [...this.latest.keys()].filter((name) => !listing.has(name));
    for (const [remote, listed] of listing) {
      const approved = this.approved.get(remote);
      if (approved === undefined) {
        this.approved.set(remote, listed);
      } else if (approved.fingerprint !== listed.fingerprint) {
        const before = this.latest.get(remote)?.fingerprint;
        if (before !== listed.fingerprint) {
          this.options.onEvent?.({
            type: "tool_definition_changed",
            server: this.name,
            tool: this.keelName(remote),
            before: approved.fingerprint,
            after: listed.fingerprint,
            refused: this.options.changedTools === "refuse",
          });
        }
        if (this.options.changedTools !== "refuse") this.approved.set(remote, listed);
      }
    }
    this.latest = listing;
    this.rebuild();
    if (!first && (added.length > 0 || removed.length > 0)) {
      this.options.onEvent?.({
        type: "tools_changed",
        server: this.name,
        added: added.map((name) => this.keelName(name)),
        removed: removed.map((name) => this.keelName(name)),
      });
    }
  }

  private included(remote: McpTool): boolean {
    const { include } = this.options;
    if (include === undefined) return true;
    return typeof include === "function" ? include(remote) : include.includes(remote.name);
  }

  /** Builds the Keel tools from the latest listing (a refused tool keeps its approved definition). */
  private rebuild(): void {
    const names: Array<{ name: string; owner: string }> = [];
    const tools: Tool[] = [];
    for (const [remote, listed] of this.latest) {
      const shown = this.isRefused(remote) ? (this.approved.get(remote) ?? listed) : listed;
      const name = keelNameOf(this.name, remote, this.prefix);
      names.push({ name, owner: `"${remote}" of the MCP server "${this.name}"` });
      const tool = this.toolOf(name, shown);
      if (tool !== undefined) tools.push(tool);
    }
    checkUnique(names);
    const changed = tools.length !== this.tools.length || tools.some((tool, i) => tool !== this.tools[i]);
    this.tools = Object.freeze(tools);
    if (changed) for (const listener of this.listeners) listener(this.tools);
  }

  private readonly built = new Map<string, { readonly fingerprint: string; readonly tool: Tool }>();
  private readonly skipped = new Set<string>();

  /** The Keel tool of a listed definition; the same object while the definition does not change. */
  private toolOf(name: string, listed: Listed): Tool | undefined {
    const { remote, fingerprint } = listed;
    const cached = this.built.get(name);
    if (cached?.fingerprint === fingerprint) return cached.tool;
    try {
      if (remote.execution?.taskSupport === "required") {
        throw new Error("it runs only as an MCP task, which Keel's client does not support yet");
      }
      const tool = toKeelTool(this, name, remote);
      this.built.set(name, { fingerprint, tool });
      return tool;
    } catch (error) {
      // Reported once per definition: a refresh does not repeat it.
      if (!this.skipped.has(`${name}\u0000${fingerprint}`)) {
        this.skipped.add(`${name}\u0000${fingerprint}`);
        this.options.onEvent?.({
          type: "tool_skipped",
          server: this.name,
          tool: remote.name,
          reason: messageOf(error),
        });
      }
      return undefined;
    }
  }
}

/** A server tool as a Keel tool: its schema as sent, its hints as Keel's effect, its calls through `call`. */
function toKeelTool(connection: Connection, name: string, remote: McpTool): Tool {
  const hints = remote.annotations ?? {};
  // A tool without hints is a write: MCP clients must read a missing readOnlyHint as "may change things".
  const effect = hints.readOnlyHint === true ? "read" : "write";
  const annotations: { -readonly [K in keyof ToolAnnotations]?: boolean } = {};
  for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof hints[hint] === "boolean") annotations[hint] = hints[hint];
  }
  const inputSchema = { ...remote.inputSchema, type: remote.inputSchema.type ?? "object" };
  const title = remote.title ?? hints.title;
  const description =
    remote.description !== undefined && remote.description.trim() !== ""
      ? remote.description
      : `The "${remote.name}" tool of the MCP server "${connection.name}" (the server gave no description).`;
  return defineJsonSchemaTool({
    name,
    ...(typeof title === "string" && title.trim() !== "" ? { title } : {}),
    description,
    inputSchema,
    ...(remote.outputSchema === undefined ? {} : { outputSchema: remote.outputSchema }),
    effect,
    ...(effect === "write" ? { idempotent: hints.idempotentHint === true } : {}),
    annotations,
    handler: (input, context) => connection.call(remote.name, input, context),
  });
}

function transportOf(server: McpServerConfig): Transport {
  if (server.type === "stdio") {
    return new StdioClientTransport({
      command: server.command,
      args: [...(server.args ?? [])],
      ...(server.env === undefined ? {} : { env: { ...server.env } }),
      ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
      stderr: server.stderr ?? "inherit",
    });
  }
  return new StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: { headers: { ...server.headers } },
    ...(server.auth === undefined ? {} : { authProvider: server.auth }),
  });
}

/** Ends a session: for HTTP, tells the server (best effort, bounded); for stdio, stops the process. */
async function endSession(session: Session, terminate: boolean): Promise<void> {
  session.alive = false;
  const { transport } = session;
  if (terminate && transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
    await Promise.race([
      transport.terminateSession().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 1000).unref()),
    ]);
  }
  const pid = transport instanceof StdioClientTransport ? transport.pid : undefined;
  await session.client.close().catch(() => {});
  untrackServerProcess(pid);
}

const TAIL_LINES = 20;

/** The last lines a piped stdio server wrote to stderr (read as they come, so its pipe never fills). */
function stderrTail(transport: Transport): { text(): string } {
  const lines: string[] = [];
  let partial = "";
  const stream = transport instanceof StdioClientTransport ? transport.stderr : null;
  stream?.on("data", (chunk: Buffer) => {
    const parts = (partial + chunk.toString("utf8")).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
    if (lines.length > TAIL_LINES) lines.splice(0, lines.length - TAIL_LINES);
  });
  return {
    text: () =>
      [...lines, partial]
        .filter((line) => line.trim() !== "")
        .slice(-TAIL_LINES)
        .join("\n"),
  };
}

function describeServer(server: McpServerConfig): string {
  // The URL without credentials or query (which may carry a token), or the command without its arguments.
  if (server.type === "http") {
    try {
      const url = new URL(server.url);
      return `${url.protocol}//${url.host}${url.pathname}`;
    } catch {
      return "an invalid URL";
    }
  }
  return `the command "${server.command}"`;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 300) || "no details";
}

function checkOptions(options: McpConnectOptions): void {
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

/** A signal that aborts with `parent`, until `unlink()` removes the one listener it put on `parent`. */
function linkedSignal(parent: AbortSignal): { readonly signal: AbortSignal; unlink(): void } {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, unlink: () => {} };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener("abort", onAbort, { once: true });
  return { signal: controller.signal, unlink: () => parent.removeEventListener("abort", onAbort) };
}
