import { execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { seededDataDir } from "./bench-orders.mjs";

/**
 * The two MCP servers of bench 5, each in its own process: Keel's `keel-mcp` (packages/mcp-server, built) over
 * a store, and the bare SDK floor. CPU time is read from /proc so it is the server's alone.
 *
 * @typedef {{ id: string, command: string, args: string[], cleanup?: () => void }} ServerCommand
 */

const FLOOR = fileURLToPath(new URL("../workers/mcp-floor-server.mjs", import.meta.url));
const TICKS_PER_SECOND = clockTicks();

/** The built keel-mcp entry point, or undefined when packages/mcp-server is not built. */
export function keelMcpEntry() {
  try {
    const entry = fileURLToPath(
      new URL("../../node_modules/@keel/mcp-server/dist/index.js", import.meta.url),
    );
    readFileSync(entry);
    return entry;
  } catch {
    return undefined;
  }
}

/**
 * How to start one server; keel-pglite gets a fresh data directory holding the bench orders.
 * @param {"floor" | "keel-memory" | "keel-pglite"} id
 * @param {"http" | "stdio"} transport
 * @returns {Promise<ServerCommand>}
 */
export async function serverCommand(id, transport) {
  const http = transport === "http" ? ["--http", "--port", "0"] : [];
  if (id === "floor")
    return { id, command: process.execPath, args: [FLOOR, ...(transport === "http" ? ["--http"] : [])] };
  const entry = keelMcpEntry();
  if (!entry) throw new Error("packages/mcp-server is not built (dist/index.js is missing)");
  if (id === "keel-memory") return { id, command: process.execPath, args: [entry, ...http, "--memory"] };
  const dataDir = await seededDataDir();
  return {
    id,
    command: process.execPath,
    args: [entry, ...http, "--data-dir", dataDir],
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Starts an HTTP server process and waits for its URL on stderr (and, for keel-mcp, its "ready" line).
 * @param {ServerCommand} server
 * @returns {Promise<{ url: string, cpuMicros: () => number, close: () => Promise<void> }>}
 */
export async function startHttpServerProcess(server) {
  const child = spawn(server.command, server.args, {
    stdio: ["ignore", "ignore", "pipe"],
    env: withoutTokens(),
  });
  let stderr = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${server.id}: not ready after 30 s: ${stderr}`)),
      30_000,
    );
    child.stderr.setEncoding("utf8");
    const scan = (/** @type {string} */ text) => {
      stderr += text;
      const found = /"url":"(http:\/\/127\.0\.0\.1:\d+\/mcp)"/.exec(stderr);
      const ready = server.id === "floor" || /\bready\b/.test(stderr);
      if (found && ready) {
        clearTimeout(timer);
        // From here on the log (a line per call) is only drained: rescanning a growing string per chunk
        // would cost the load generator, which shares the cores with the server under test.
        child.stderr.off("data", scan);
        child.stderr.resume();
        resolve(found[1]);
      }
    };
    child.stderr.on("data", scan);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${server.id} exited (${code}): ${stderr}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    url,
    cpuMicros: () => processCpuMicros(/** @type {number} */ (child.pid)),
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => {
          server.cleanup?.();
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Tokens would switch keel-mcp to bearer auth; the bench calls it as a local, open server. */
export function withoutTokens() {
  const env = { ...process.env };
  delete env.KEEL_MCP_TOKEN;
  delete env.KEEL_MCP_READONLY_TOKEN;
  delete env.DATABASE_URL;
  return env;
}

/** utime + stime of a process, from /proc (Linux), in µs. @param {number} pid */
export function processCpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return Number.NaN;
  }
}

function clockTicks() {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
}
