import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const LAUNCH = new URL("../launch.js", import.meta.url).href;

/** Runs a bin file that launches `entry` as `demo`, as bin/keel.js does; resolves with its exit code and output. */
async function launchBin(entry: string) {
  const script = `import { launch } from ${JSON.stringify(LAUNCH)};\nawait launch("demo", new URL(${JSON.stringify(pathToFileURL(entry).href)}));\n`;
  const bin = join(mkdtempSync(join(tmpdir(), "keel-launch-")), "demo.mjs");
  writeFileSync(bin, script);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe("launch (a bin file's one line)", () => {
  it("runs the built entry point", async () => {
    const entry = join(mkdtempSync(join(tmpdir(), "keel-launch-")), "index.js");
    writeFileSync(entry, 'process.stdout.write("ran\\n");\n');
    expect(await launchBin(entry)).toEqual({ code: 0, stdout: "ran\n", stderr: "" });
  });

  it("says the program is not built yet, and exits 1 without a stack trace, when the entry point is missing", async () => {
    const entry = join(mkdtempSync(join(tmpdir(), "keel-launch-")), "dist", "index.js");
    expect(await launchBin(entry)).toEqual({
      code: 1,
      stdout: "",
      stderr: "demo is not built yet: run `pnpm build` in the repository first.\n",
    });
  });

  it("rethrows the program's own failure, a module missing inside the build included", async () => {
    const entry = join(mkdtempSync(join(tmpdir(), "keel-launch-")), "index.js");
    writeFileSync(entry, 'import "./gone.js";\n');
    const { code, stderr } = await launchBin(entry);
    expect(code).toBe(1);
    expect(stderr).toContain("ERR_MODULE_NOT_FOUND");
    expect(stderr).not.toContain("not built yet");
  });
});
