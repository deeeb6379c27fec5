import { spawn } from "node:child_process";
import { KEEL_CLI_BIN } from "../mcp/built-apps.js";

/** A signing key for approvals, only ever used against throwaway databases. */
export const APPROVAL_KEY = "reliability-approval-key-0123456789abcdef";

/** A running `keel` process of the built CLI. */
export interface KeelProcess {
  readonly pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null after a signal) and the signal. */
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  /** SIGKILL: like a crash or an OOM kill, nothing runs after it. */
  kill(): Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
}

/**
 * Starts the built `keel` with `args` and a clean environment (PATH, NO_COLOR and `env` only: no
 * DATABASE_URL or API key leaks in from the test's own environment).
 */
export function spawnKeel(args: readonly string[], env: Readonly<Record<string, string>> = {}): KeelProcess {
  const child = spawn(process.execPath, [KEEL_CLI_BIN, ...args], {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  return {
    pid: child.pid ?? 0,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    kill() {
      child.kill("SIGKILL");
      return exited;
    },
  };
}

/** Runs `keel` to its end: exit code, stdout and stderr. */
export async function runKeel(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }> {
  const keel = spawnKeel(args, env);
  const { code } = await keel.exited;
  return { code, stdout: keel.stdout(), stderr: keel.stderr() };
}

/** The last line of stdout that parses as a JSON object (`--json` output), or throws naming what came. */
export function jsonOf(stdout: string): Record<string, unknown> {
  for (const line of stdout.trim().split("\n").reverse()) {
    try {
      const value: unknown = JSON.parse(line);
      if (value !== null && typeof value === "object") return value as Record<string, unknown>;
    } catch {
      // not the JSON line
    }
  }
  throw new Error(`no JSON object on stdout:\n${stdout}`);
}

/** Polls `check` every 25 ms until it returns true; rejects after `timeoutMs` naming `what`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
