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

/** @param {string[]} args */
function git(args) {
  try {
    return execFileSync("git", args, { cwd: BENCH_ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}
