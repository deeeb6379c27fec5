import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { readFile } from "node:fs/promises";
import { startNodeScript } from "@keel/testkit/process";
import { MCP_SERVER_BIN } from "./built-apps.js";

/**
 * How long a keel-mcp may take to open its store and listen. A fresh PGlite folder is migrated first, which took
 * over 30 s inside a full `pnpm test` on a 2-core CI machine; the limit guards against a hang, not a slow start.
 */
const START_TIMEOUT_MS = 90_000;

/** A token long enough for the server's policy; only ever sent to 127.0.0.1. */
export const AGENT_TOKEN = "reliability-agent-token-0123456789";

export interface McpServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly pid: number;
  /** `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  /** `http://127.0.0.1:PORT/healthz`. */
  readonly healthUrl: string;
  stderr(): string;
  /** Resolves with the exit code (null after a signal) and the signal. */
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  /** SIGTERM: the server drains and exits 0. */
  stop(): Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  /** SIGKILL: no drain, no cleanup, like a crash or an OOM kill. */
  kill(): Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  /** Resident set size of the server process in MiB (Linux /proc), undefined elsewhere. */
  rssMiB(): Promise<number | undefined>;
}

export interface SpawnOptions {
  /** PGlite data directory; without it (and without `databaseUrl`) the server uses its in-memory store. */
  readonly dataDir?: string;
  /** A PostgreSQL URL: the server's store is that database (several servers may share it). */
  readonly databaseUrl?: string;
  /** More flags for keel-mcp, e.g. `--require-conversation`. */
  readonly extraArgs?: readonly string[];
  /** Default {@link AGENT_TOKEN}. */
  readonly token?: string;
  /** Give up waiting for the listening line after this long (the server is SIGKILLed). Default 90 s. */
  readonly startTimeoutMs?: number;
}

/**
 * Spawns the built `keel-mcp --http --port 0` on 127.0.0.1 (with @keel/testkit/process, so its environment is
 * PATH and the variables below only: no DATABASE_URL leaks in) and waits for the URL it logs. Rejects if it
 * exits or does not listen in time.
 */
export async function spawnMcpServer(options: SpawnOptions = {}): Promise<McpServerProcess> {
  const store = options.dataDir ? ["--data-dir", options.dataDir] : options.databaseUrl ? [] : ["--memory"];
  const server = startNodeScript(
    MCP_SERVER_BIN,
    ["--http", "--host", "127.0.0.1", "--port", "0", ...store, ...(options.extraArgs ?? [])],
    {
      env: {
        KEEL_MCP_TOKEN: options.token ?? AGENT_TOKEN,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      },
    },
  );
  const { child } = server;
  // A spawn failure rejects the wait for the URL below; `exited` itself only reports how the process ended.
  const exited = server.exited.then(
    (code) => ({ code, signal: child.signalCode }),
    () => ({ code: null, signal: null }),
  );
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const url = await Promise.race([
    // Once it has listened, nothing scans stderr again: under load the server logs a line per call.
    server.waitForStderr(/"url":"([^"]+)"/).then(([, listening = ""]) => listening),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`keel-mcp did not listen within ${startTimeoutMs} ms:\n${server.stderr()}`));
      }, startTimeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  const pid = child.pid ?? 0;
  return {
    child,
    pid,
    url,
    healthUrl: url.replace(/\/mcp$/, "/healthz"),
    stderr: server.stderr,
    exited,
    stop() {
      child.kill("SIGTERM");
      return exited;
    },
    kill() {
      child.kill("SIGKILL");
      return exited;
    },
    async rssMiB() {
      try {
        const status = await readFile(`/proc/${pid}/status`, "utf8");
        const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return Number.isFinite(kilobytes) ? Math.round((kilobytes / 1024) * 10) / 10 : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
