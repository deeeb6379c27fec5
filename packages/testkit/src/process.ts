import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/** How a Node script ran: its exit code (`null` when a signal ended it) and everything it printed. */
export interface ProcessRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface NodeScriptOptions {
  /**
   * Added to the child's environment, which is otherwise `PATH` alone: no API key, token, `DATABASE_URL` or
   * colour variable leaks in from the machine running the tests.
   */
  readonly env?: Readonly<Record<string, string>> | undefined;
  readonly cwd?: string | undefined;
}

export interface RunNodeScriptOptions extends NodeScriptOptions {
  /** Written to stdin, which is then closed (at once when there is no input). */
  readonly input?: string | undefined;
  /** SIGKILLs the child after this long; by default it may run as long as the test allows. */
  readonly timeoutMs?: number | undefined;
}

/** A Node script that is still running, with its output so far. */
export interface StartedNodeScript {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the child exited and its output was read; rejects if it could not start. */
  readonly exited: Promise<number | null>;
  /**
   * Resolves with the first match of `pattern` in stderr (already printed or still to come); rejects, with the
   * stderr so far, if the child exits first.
   */
  waitForStderr(pattern: RegExp | string): Promise<RegExpExecArray>;
  /** Sends `signal` (default SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Spawns `node script ...args` with piped stdio and collects its output as it comes. */
export function startNodeScript(
  script: string,
  args: readonly string[] = [],
  options: NodeScriptOptions = {},
): StartedNodeScript {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
  });
  let stdout = "";
  let stderr = "";
  const waiters = new Set<() => void>();
  child.stdin.on("error", () => {}); // a child that exits without reading its input is its own business
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
    for (const waiter of waiters) waiter();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve(code));
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForStderr(pattern) {
      const regex =
        typeof pattern === "string" ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : pattern;
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = regex.exec(stderr);
          if (!match) return;
          waiters.delete(check);
          resolve(match);
        };
        waiters.add(check);
        check();
        exited.then(
          (code) => reject(new Error(`${script} exited with ${code} before printing ${regex}:\n${stderr}`)),
          reject,
        );
      });
    },
    stop(signal = "SIGTERM") {
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs `node script ...args` to completion and returns its exit code and output. */
export async function runNodeScript(
  script: string,
  args: readonly string[] = [],
  options: RunNodeScriptOptions = {},
): Promise<ProcessRun> {
  const started = startNodeScript(script, args, options);
  started.child.stdin.end(options.input);
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => started.child.kill("SIGKILL"), options.timeoutMs);
  try {
    const code = await started.exited;
    return { code, stdout: started.stdout(), stderr: started.stderr() };
  } finally {
    clearTimeout(timer);
  }
}
