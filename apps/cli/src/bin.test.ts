import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CLI_ROOT, onlyJson, temporaryDirectory } from "./cli.test-helpers.js";
import { cliVersion } from "./version.js";

const BIN = `${CLI_ROOT}dist/index.js`;
const run = promisify(execFile);
const RECORD_LOADS = fileURLToPath(new URL("./routing/__fixtures__/record-loads.mjs", import.meta.url));

/** Runs the built bin; rejects only when it could not start. Resolves with its exit code and output. */
async function bin(args: readonly string[], node: { args?: string[]; env?: Record<string, string> } = {}) {
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: run "pnpm build" (turbo runs it before the tests).`);
  const environment = { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...node.env };
  try {
    const { stdout, stderr } = await run(process.execPath, [...(node.args ?? []), BIN, ...args], {
      cwd: temporaryDirectory(),
      env: environment,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe("the built keel bin", () => {
  it("starts with a node shebang", async () => {
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(BIN, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("prints --help and exits 0", async () => {
    const { code, stdout } = await bin(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: keel <command> [options]");
  });

  it("prints --version and exits 0", async () => {
    const { code, stdout } = await bin(["--version"]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(cliVersion());
  });

  it("runs a scenario with --json and sets the exit code", async () => {
    const { code, stdout, stderr } = await bin(["run", "--scenario", "low-value-refund", "--json"]);
    expect(code).toBe(0);
    expect(onlyJson(stdout).status).toBe("completed");
    expect(stderr).toContain("SIMULATION");
  });

  it("exits 2 on a usage error without a stack trace", async () => {
    const { code, stdout, stderr } = await bin(["run", "--max-iterations", "lots"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("routes offline without zod, the tool definitions or the sample store (issue 35 point 12: start-up)", async () => {
    const loaded = join(temporaryDirectory(), "loaded-modules.txt");
    const { code, stdout } = await bin(["route", "check order #12345 status", "--json"], {
      args: ["--import", RECORD_LOADS],
      env: { KEEL_LOADED_MODULES: loaded },
    });
    expect(code).toBe(0);
    expect(onlyJson(stdout)).toMatchObject({ tool: "lookup_order", ambiguous: null });
    const urls = readFileSync(loaded, "utf8").split("\n");
    expect(urls).toContain(new URL(BIN, "file:").href);
    const heavy =
      /\/zod\/|\/tools\/dist\/(index|definition\/)|\/support-desk\/dist\/(index|tools-entry|backend\/)/;
    expect(urls.filter((url) => heavy.test(url))).toEqual([]);
  });
});
