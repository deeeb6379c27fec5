import { existsSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { nearestName } from "@keel/diagnostics";
import { startNodeScript } from "@keel/testkit/process";
import { describe, expect, it } from "vitest";
import { CLI_ROOT, runCli, temporaryDirectory } from "./cli.test-helpers.js";
import { colorEnabled } from "./terminal/style.js";

const BIN = `${CLI_ROOT}dist/index.js`;

/** Starts the built bin in an empty folder; its environment is PATH, NO_COLOR and `env`. */
function start(args: readonly string[], env: Record<string, string> = {}) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "pnpm build" first.`);
  return startNodeScript(BIN, args, { cwd: temporaryDirectory(), env: { NO_COLOR: "1", ...env } });
}

describe("CLI manners", () => {
  it("stops quietly when the reader of its output goes away (| head -1): no EPIPE stack trace", async () => {
    const keel = start(["run", "--scenario", "high-value-refund"]);
    keel.child.stdout.once("data", () => keel.child.stdout.destroy());
    await keel.exited;
    expect(keel.stderr()).not.toMatch(/EPIPE|at .*\.js:\d+/);
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
    try {
      const keel = start(["run", "tell me about order ORD-1001"], {
        ANTHROPIC_API_KEY: "sk-ant-test-0000",
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
      });
      // Once the run has started (its banner is out), interrupt it.
      await keel.waitForStderr("LIVE");
      await new Promise((resolve) => setTimeout(resolve, 300));
      const code = await keel.stop(signal);
      return { code, stderr: keel.stderr() };
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
