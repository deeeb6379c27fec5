import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

const BENCH_ROOT = new URL("../../", import.meta.url);
const PACKAGES = [
  "@keel/loop",
  "@keel/testkit",
  "@keel/tools",
  "@keel/support-desk",
  "@keel/mcp-server",
  "@anthropic-ai/sdk",
  "ai",
  "@ai-sdk/anthropic",
  "@modelcontextprotocol/sdk",
  "zod",
];

/** The machine, the runtime and the versions measured, for the head of RESULTS.md. */
export function describeMachine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg(),
    commit: git(["rev-parse", "--short", "HEAD"]),
    uncommitted: uncommittedPackages(),
    versions: Object.fromEntries(PACKAGES.map((name) => [name, versionOf(name)])),
  };
}

/** @param {string} name */
function versionOf(name) {
  try {
    const text = readFileSync(new URL(`node_modules/${name}/package.json`, BENCH_ROOT), "utf8");
    return JSON.parse(text).version ?? "?";
  } catch {
    return "not installed";
  }
}

/** Package directories with uncommitted changes: their built dist/ may differ from the commit. */
function uncommittedPackages() {
  const changed = git(["status", "--porcelain", "--", "../packages", "../apps"]);
  if (changed === "unknown") return [];
  const directories = changed
    .split("\n")
    .map((line) => /(packages|apps)\/[^/]+/.exec(line.slice(3))?.[0])
    .filter((directory) => directory !== undefined);
  return [...new Set(directories)].sort();
}

/** @param {string[]} args */
function git(args) {
  try {
    return execFileSync("git", args, { cwd: BENCH_ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}
