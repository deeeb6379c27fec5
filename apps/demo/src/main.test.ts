import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Check } from "./checks.js";
import { type DemoReport, NO_MCP_SECTIONS } from "./demo-report.js";
import { main } from "./main.js";

class Capture extends Writable {
  text = "";
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString("utf8");
    done();
  }
}

const report = (checks: Check[]): DemoReport => ({
  mode: "SIMULATION",
  scenarios: [],
  approval: null,
  store: null,
  ...NO_MCP_SECTIONS,
  checks,
});

async function runMain(
  argv: string[],
  checks: Check[] = [],
  options: { tty?: boolean; environment?: NodeJS.ProcessEnv } = {},
) {
  const stdout = new Capture(options.tty);
  const stderr = new Capture();
  let ran = false;
  const code = await main(argv, {
    stdout,
    stderr,
    environment: options.environment ?? {},
    run: async () => {
      ran = true;
      return report(checks);
    },
  });
  return { code, stdout: stdout.text, stderr: stderr.text, ran };
}

const passing: Check = { section: "routing", name: "routes to lookup_order", passed: true };
const failing: Check = {
  section: "cap-basis",
  name: "escalates",
  passed: false,
  detail: 'expected "escalate"',
};

describe("main", () => {
  it("prints the help and exits 0 without running the demo", async () => {
    const result = await runMain(["--help"]);
    expect(result).toMatchObject({ code: 0, ran: false });
    expect(result.stdout).toContain("Usage: pnpm demo");
  });

  it("exits 2 with a message for an unknown flag", async () => {
    const result = await runMain(["--live"]);
    expect(result).toMatchObject({ code: 2, ran: false, stdout: "" });
    expect(result.stderr).toContain("Unknown option '--live'");
    expect(result.stderr).toContain("--help");
  });

  it("exits 0 and ends with the passed-checks line when every check passed", async () => {
    const result = await runMain([], [passing]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/✓ all 1 checks passed\n$/);
  });

  it("exits 1 naming the failed check on stderr and in the summary", async () => {
    const result = await runMain([], [passing, failing]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("✗ 1 of 2 checks failed:");
    expect(result.stdout).toContain('[cap-basis] escalates — expected "escalate"');
    expect(result.stderr).toContain("1 of 2 checks failed: [cap-basis] escalates");
  });

  it("prints one JSON object with ok false and the failure under --json", async () => {
    const result = await runMain(["--json"], [passing, failing]);
    expect(result.code).toBe(1);
    const summary = JSON.parse(result.stdout) as { ok: boolean; checks: unknown };
    expect(summary.ok).toBe(false);
    expect(summary.checks).toEqual({
      passed: 1,
      failed: 1,
      total: 2,
      failures: [{ section: "cap-basis", name: "escalates", detail: 'expected "escalate"' }],
    });
  });

  it("colours the output on a terminal and not when NO_COLOR is set", async () => {
    expect((await runMain([], [passing], { tty: true })).stdout).toContain("\u001b[");
    expect(
      (await runMain([], [passing], { tty: true, environment: { NO_COLOR: "1" } })).stdout,
    ).not.toContain("\u001b[");
  });

  it("reports a crash of the demo itself with exit 1", async () => {
    const stderr = new Capture();
    const code = await main([], {
      stdout: new Capture(),
      stderr,
      environment: {},
      run: () => Promise.reject(new Error("PGlite would not start")),
    });
    expect(code).toBe(1);
    expect(stderr.text).toContain("the demo crashed: Error: PGlite would not start");
  });
});
