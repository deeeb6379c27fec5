import {
  type ProcessRun,
  runNodeScript,
  type StartedNodeScript,
  startNodeScript,
} from "@keel/testkit/process";
import { KEEL_CLI_BIN } from "./mcp/built-apps.js";

/** A signing key for approvals, only ever used against throwaway databases. */
export const APPROVAL_KEY = "reliability-approval-key-0123456789abcdef";

/** Starts the built `keel` with `args`; its environment is PATH, NO_COLOR and `env` (nothing else leaks in). */
export function startKeel(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): StartedNodeScript {
  return startNodeScript(KEEL_CLI_BIN, args, { env: { NO_COLOR: "1", ...env } });
}

/** Runs the built `keel` to its end (SIGKILLed after 60 s): exit code, stdout and stderr. */
export function runKeel(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<ProcessRun> {
  return runNodeScript(KEEL_CLI_BIN, args, { env: { NO_COLOR: "1", ...env }, timeoutMs: 60_000 });
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
