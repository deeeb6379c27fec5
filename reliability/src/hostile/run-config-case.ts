import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runNodeScript } from "@keel/testkit/process";
import { KEEL_CLI_BIN } from "../mcp/built-apps.js";
import type { ConfigCase } from "./corpus-types.js";
import type { CaseResult } from "./run-loop-case.js";

/** The built `keel` CLI in `cwd`, with no colour and only PATH and the case's variables in its environment. */
const runCli = (args: readonly string[], cwd: string, env: Readonly<Record<string, string>>) =>
  runNodeScript(KEEL_CLI_BIN, args, { cwd, env: { NO_COLOR: "1", ...env }, timeoutMs: 30_000 });

interface JsonReport {
  readonly findings?: readonly { readonly field: string }[];
  readonly servers?: readonly { readonly findings: readonly { readonly field: string }[] }[];
}

/**
 * Writes the case's `.mcp.json` to a fresh directory and runs the built `keel check-config` on it, with
 * `--json` and for people: the exit code, the fields reported, and that the planted secret is never printed.
 */
export async function runConfigCase(testCase: ConfigCase): Promise<CaseResult> {
  const directory = await mkdtemp(join(tmpdir(), "keel-config-"));
  try {
    await writeFile(join(directory, ".mcp.json"), testCase.text);
    const json = await runCli(["check-config", ".mcp.json", "--json"], directory, testCase.env);
    const human = await runCli(["check-config", ".mcp.json"], directory, testCase.env);
    const mismatches: string[] = [];
    let report: JsonReport = {};
    try {
      report = JSON.parse(json.stdout) as JsonReport;
    } catch {
      mismatches.push(`--json printed no JSON: ${json.stdout.slice(0, 200)}${json.stderr.slice(0, 200)}`);
    }
    const fields = [
      ...(report.findings ?? []),
      ...(report.servers ?? []).flatMap((server) => server.findings),
    ].map((finding) => finding.field);
    const { expect } = testCase;
    for (const run of [json, human]) {
      if (run.code !== expect.exitCode) mismatches.push(`exit ${run.code}, expected ${expect.exitCode}`);
      if (/\n\s+at .+:\d+:\d+/.test(run.stderr)) mismatches.push("a stack trace was printed");
      if (expect.neverPrinted && (run.stdout + run.stderr).includes(expect.neverPrinted)) {
        mismatches.push("the planted secret was printed");
      }
    }
    for (const field of expect.fields ?? []) {
      if (!fields.includes(field))
        mismatches.push(`no finding for ${field} (got ${fields.join(", ") || "none"})`);
    }
    return {
      id: testCase.id,
      category: testCase.category,
      mismatches,
      observed: { exitCode: json.code, fields },
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
