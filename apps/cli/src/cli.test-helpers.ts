import { mkdtempSync } from "node:fs";
import { cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSqlBackend } from "@keel/support-desk";
import { expect } from "vitest";
import { z } from "zod";
import helpFragmentsData from "./commands/__fixtures__/help-fragments.json" with { type: "json" };
import { main } from "./main.js";

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly env?: Record<string, string | undefined>;
  readonly cwd?: string;
  readonly isTTY?: boolean;
}

/** Runs `keel <argv>` in-process with captured output; the environment is empty unless given. */
export async function runCli(argv: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    cwd: options.cwd ?? temporaryDirectory(),
    isTTY: options.isTTY ?? false,
  });
  return { code, stdout, stderr };
}

/** `keel COMMAND --help` with its white space folded to single spaces: the help wraps its lines. */
export async function helpText(command: string, options: CliOptions = {}): Promise<string> {
  return (await runCli([command, "--help"], options)).stdout.replace(/\s+/g, " ");
}

const HELP_FRAGMENTS = z
  .strictObject({
    comment: z.string(),
    runs: z.array(z.string().min(1)).min(1),
    worker: z.array(z.string().min(1)).min(1),
  })
  .parse(helpFragmentsData);

/** What `keel COMMAND --help` must say, each a run of `helpText` (`commands/__fixtures__/help-fragments.json`). */
export function helpFragments(command: "runs" | "worker"): readonly string[] {
  return HELP_FRAGMENTS[command];
}

/**
 * `keel <argv>` must be a usage error: exit 2, nothing on stdout, no stack trace. Returns its stderr for the
 * test to read.
 */
export async function usageError(argv: readonly string[], options: CliOptions = {}): Promise<string> {
  const { code, stdout, stderr } = await runCli(argv, options);
  expect(code, argv.join(" ")).toBe(2);
  expect(stdout).toBe("");
  expect(stderr).not.toMatch(/at .*\.[jt]s:\d+/);
  return stderr;
}

/**
 * A fresh empty directory (so no stray .env or .mcp.json is read), inside the run's temporary folder
 * (vitest.scratch.ts), which is removed when the run ends.
 */
export function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), "keel-cli-"));
}

let seeded: Promise<string> | undefined;

/**
 * A new PGlite data directory holding a migrated, seeded store, as `keel run --backend sql` or keel-mcp
 * would leave it: a copy of one made once per worker. A new folder costs an initdb (4-5 s of CPU in a new
 * process, 5-25 s of wall time on a busy 2-core machine); a copy costs a fraction of a second. Tests of
 * creating a store in a new folder use an empty directory instead.
 */
export async function seededDataDir(): Promise<string> {
  seeded ??= (async () => {
    const template = join(temporaryDirectory(), "pglite");
    await (await createSqlBackend({ dataDir: template })).close();
    return template;
  })();
  const dataDir = join(temporaryDirectory(), "pglite");
  await cp(await seeded, dataDir, { recursive: true });
  return dataDir;
}

/** `keel run "<request>" --script FILE`, the model scripted by a file of `commands/__fixtures__`; append more flags. */
export function scriptedRun(request: string, script: string): string[] {
  const file = fileURLToPath(new URL(`./commands/__fixtures__/${script}`, import.meta.url));
  return ["run", request, "--script", file];
}

/** The apps/cli directory (for the shipped corpus). */
export const CLI_ROOT = new URL("..", import.meta.url).pathname;

/** Parses stdout that must be exactly one JSON object on one line. */
export function onlyJson(stdout: string): Record<string, unknown> {
  const lines = stdout.split("\n").filter((line) => line !== "");
  if (lines.length !== 1)
    throw new Error(`expected exactly one line of JSON on stdout, got ${lines.length}:\n${stdout}`);
  const value: unknown = JSON.parse(lines[0] ?? "");
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("stdout is not a JSON object");
  return value as Record<string, unknown>;
}

/** The repository root (its .mcp.json names keel-mcp's built entry). */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * `keel run --scenario high-value-refund --json` on the repository's own .mcp.json (server keel-support, its
 * store a {@link seededDataDir}).
 */
export async function runOnRepositoryMcpConfig(env: Record<string, string> = {}): Promise<CliResult> {
  const dataDir = await seededDataDir();
  return runCli(
    [
      "run",
      "--scenario",
      "high-value-refund",
      "--mcp-config",
      ".mcp.json",
      "--mcp-server",
      "keel-support",
      "--json",
    ],
    { cwd: REPOSITORY_ROOT, env: { PATH: process.env.PATH, KEEL_DATA_DIR: dataDir, ...env } },
  );
}
