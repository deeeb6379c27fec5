import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { CLI_ROOT, runCli, temporaryDirectory } from "./cli.test-helpers.js";
import { nearestName } from "./nearest-name.js";
import { colorEnabled } from "./terminal/style.js";

const BIN = `${CLI_ROOT}dist/index.js`;

/**
 * Starts the built bin; `onStdout` / `onStderr` see output as it comes. Resolves with the exit code and
 * stderr.
 */
function start(
  args: readonly string[],
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void,
  options: {
    env?: Record<string, string>;
    onStderr?: (text: string, child: ReturnType<typeof spawn>) => void;
  } = {},
) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "pnpm build" first.`);
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: temporaryDirectory(),
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...options.env },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
    options.onStderr?.(stderr, child);
  });
  child.stdout.on("data", (chunk: Buffer) => onStdout?.(chunk.toString("utf8"), child));
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stderr })),
  );
}

describe("CLI manners", () => {
  it("stops quietly when the reader of its output goes away (| head -1): no EPIPE stack trace", async () => {
    const result = await start(["run", "--scenario", "high-value-refund"], (_text, child) =>
      child.stdout?.destroy(),
    );
    expect(result.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
  });

  /** A LIVE run against a model endpoint that accepts the connection and never answers: it waits. */
  async function waitingRun(signal: "SIGINT" | "SIGTERM") {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    const { port } = silent.address() as AddressInfo;
    let sent = false;
    try {
      return await start(["run", "tell me about order ORD-1001"], undefined, {
        env: { ANTHROPIC_API_KEY: "sk-ant-test-0000", ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` },
        onStderr: (text, child) => {
          // Once the run has started (its banner is out), interrupt it.
          if (!sent && /LIVE/.test(text)) {
            sent = true;
            setTimeout(() => child.kill(signal), 300);
          }
        },
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }

  it("exits 130 on Ctrl-C after ending the run cleanly", async () => {
    const result = await waitingRun("SIGINT");
    expect(result.code).toBe(130);
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it("exits 143 on SIGTERM, with the same clean summary", async () => {
    const result = await waitingRun("SIGTERM");
    expect(result.code).toBe(143);
  });

  it("suggests the nearest command for a typo", async () => {
    const { code, stderr } = await runCli(["rn"]);
    expect(code).toBe(2);
    expect(stderr).toContain('Did you mean "keel run"?');
    expect(nearestName("ticket", ["run", "tickets"])).toBe("tickets");
    expect(nearestName("deploy", ["run", "route", "tickets"])).toBeUndefined();
  });

  it("shows no colour on a TERM=dumb terminal", () => {
    expect(colorEnabled({ env: { TERM: "dumb" }, isTTY: true })).toBe(false);
    expect(colorEnabled({ env: { TERM: "xterm-256color" }, isTTY: true })).toBe(true);
  });
});
