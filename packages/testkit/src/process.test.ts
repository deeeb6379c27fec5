import { writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runNodeScript, startNodeScript } from "./process.js";

let script: string;
beforeAll(async () => {
  script = join(await mkdtemp(join(tmpdir(), "keel-process-")), "echo.mjs");
  writeFileSync(
    script,
    `let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  console.log(JSON.stringify({ input, args: process.argv.slice(2), env: Object.keys(process.env).sort() }));
  console.error("done " + (process.env.EXTRA ?? ""));
  process.exitCode = Number(process.argv[2] ?? 0);
});`,
  );
});

describe("runNodeScript", () => {
  it("passes input, arguments and only PATH plus the given variables, and returns code and output", async () => {
    const run = await runNodeScript(script, ["3"], { input: "hello", env: { EXTRA: "x" } });
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stdout)).toEqual({ input: "hello", args: ["3"], env: ["EXTRA", "PATH"] });
    expect(run.stderr).toBe("done x\n");
  });
});

describe("startNodeScript", () => {
  it("waits for a line on stderr and stops with a signal", async () => {
    const started = startNodeScript(script, [], { env: { EXTRA: "y" } });
    started.child.stdin.end();
    expect((await started.waitForStderr(/done (\w)/))[1]).toBe("y");
    expect(await started.exited).toBe(0);
  });

  it("rejects a wait that the exit makes hopeless, with the stderr so far", async () => {
    const started = startNodeScript(script);
    started.child.stdin.end();
    await expect(started.waitForStderr("never printed")).rejects.toThrow(/exited with 0 .*\n*done/s);
  });
});
