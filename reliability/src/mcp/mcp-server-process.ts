import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
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
  /** Give up waiting for the listening line after this long. Default 30 s. */
  readonly startTimeoutMs?: number;
}

/**
 * Spawns the built `keel-mcp --http --port 0` on 127.0.0.1 with a clean environment (no DATABASE_URL
 * leaks in) and waits for the URL it logs. Rejects if it exits or does not listen in time.
 */
export async function spawnMcpServer(options: SpawnOptions = {}): Promise<McpServerProcess> {
  const store = options.dataDir ? ["--data-dir", options.dataDir] : options.databaseUrl ? [] : ["--memory"];
  const child = spawn(
    process.execPath,
    [MCP_SERVER_BIN, "--http", "--host", "127.0.0.1", "--port", "0", ...store, ...(options.extraArgs ?? [])],
    {
      env: {
        PATH: process.env.PATH ?? "",
        KEEL_MCP_TOKEN: options.token ?? AGENT_TOKEN,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      },
    },
  );
  let stderr = "";
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(
          `keel-mcp did not listen within ${options.startTimeoutMs ?? START_TIMEOUT_MS} ms:\n${stderr}`,
        ),
      );
    }, options.startTimeoutMs ?? START_TIMEOUT_MS);
    let listening = false;
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      // Scan only until the server listens: under load it logs a line per call, and scanning the whole
      // log again on every chunk cost the load client more CPU than its requests.
      if (listening) return;
      const match = /"url":"([^"]+)"/.exec(stderr);
      if (match?.[1]) {
        listening = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`keel-mcp exited (${code ?? signal}) before listening:\n${stderr}`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    child,
    pid,
    url,
    healthUrl: url.replace(/\/mcp$/, "/healthz"),
    stderr: () => stderr,
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
