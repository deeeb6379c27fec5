import { fromMcpResult, type ToolOutcome, transientError, unclassifiedError } from "@keel/errors";
import type { Tool, ToolContext } from "@keel/tools";
import { IDEMPOTENCY_META_KEY } from "@keel/wire";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { type Tool as McpTool, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { authorizationRetry } from "./auth/authorization-flow.js";
import { changedTool, closedConnection, failureOf, messageOf, sessionForgotten } from "./call-failure.js";
import { checkOptions, type McpConnection, type McpConnectOptions } from "./connection-options.js";
import { answerElicitations, ELICITATION_CAPABILITIES, UnansweredElicitations } from "./elicitation.js";
import { fingerprintOf } from "./fingerprint.js";
import { linkedSignal } from "./linked-signal.js";
import { McpClientError } from "./mcp-client-error.js";
import { type Listed, outputProblem, toKeelTool } from "./remote-tool.js";
import {
  connectFailure,
  endSession,
  listPage,
  type Session,
  stderrTail,
  transportOf,
} from "./server-session.js";
import { trackServerProcess, untrackServerProcess } from "./spawned-servers.js";
import { checkUnique, keelNameOf, prefixOf } from "./tool-names.js";
import { activeTraceMeta, loadOpenTelemetry } from "./trace-meta.js";
import { VERSION } from "./version.js";

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
  private readonly unanswered = new UnansweredElicitations();

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

  /** One call of a server tool, as a Keel outcome (MCP_INPUT_REQUIRED if it asked for input nobody could give). */
  async call(remote: string, input: unknown, context: ToolContext): Promise<ToolOutcome> {
    const mark = this.unanswered.mark();
    const outcome = await this.send(remote, input, context);
    return this.unanswered.outcomeSince(mark, this.name, this.keelName(remote), outcome);
  }

  private async send(remote: string, input: unknown, context: ToolContext): Promise<ToolOutcome> {
    const keelName = this.keelName(remote);
    if (this.closed) return closedConnection(this.name, keelName);
    if (this.isRefused(remote)) return changedTool(this.name, keelName);
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
        const after = await authorizationRetry(this.options.server, session.transport, thrown, attempt);
        if (after.retry) continue; // a person just authorised (a login, a step-up): send it again
        const { error } = after;
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
    const transport = transportOf(this.name, this.options.server);
    const tail = stderrTail(transport);
    const client = new Client({ name: "keel", version: VERSION }, { capabilities: ELICITATION_CAPABILITIES });
    const session: Session = { client, transport, alive: true };
    client.onclose = () => {
      session.alive = false;
      if (transport instanceof StdioClientTransport) untrackServerProcess(transport.pid);
    };
    client.onerror = () => {};
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.scheduleRefresh());
    answerElicitations(client, this.name, this.options.onElicit, this.unanswered, (event) =>
      this.options.onEvent?.(event),
    );
    const timeout = this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    try {
      await client.connect(transport, { timeout });
    } catch (thrown) {
      session.alive = false;
      await endSession(session, false);
      const after = await authorizationRetry(this.options.server, transport, thrown, authorizations);
      if (after.retry) return this.startSession(authorizations + 1);
      throw connectFailure(this.name, this.options.server, after.error, tail);
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
      const timeout = this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
      const result = await listPage(this.name, this.options.server, session, cursor, timeout);
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
