// The scratch projects pack-smoke installs into: their tsconfig, their compile, their commands, their lockfile.
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const run = promisify(execFile);
const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
// Third-party modules come from the registry; metadata npm has cached is not asked for again.
export const npmInstall = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
// What the scratch projects add for the compiler: Node's types (tsconfig `types: ["node"]`). The compiler itself is
// the workspace's TypeScript 7 `tsgo` (see compile), not a copy installed into every project.
export const NODE_TYPES = [`@types/node@${rootDevRange("@types/node")}`];

/** An adopter's tsconfig.json (strict, NodeNext, Node's types) for one file, with `options` on top. */
export function writeTsconfig(project, file, options) {
  const compilerOptions = {
    strict: true,
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "ES2022",
    lib: ["ES2023"],
    types: ["node"],
    ...options,
  };
  writeFileSync(
    path.join(project, "tsconfig.json"),
    `${JSON.stringify({ compilerOptions, files: [file] }, null, 2)}\n`,
  );
}

/**
 * Compiles a scratch project with the workspace's `tsgo` (TypeScript 7's native checker, the compiler of every
 * package's `typecheck`): the same errors as tsc 5.9 for these files at a sixth of the CPU (0.4 s against 3 s per
 * README example), and no 23 MB TypeScript installed into each project. Fails on errors in the example or in
 * Keel's .d.ts files; errors inside third-party declarations are not Keel's and are left out.
 */
export async function compile(project, what = "the README example") {
  const tsgo = path.join(
    path.dirname(require.resolve("@typescript/native-preview/package.json")),
    "bin",
    "tsgo",
  );
  let output = "";
  try {
    await run("node", [tsgo, "-p", "tsconfig.json", "--pretty", "false", "--singleThreaded"], {
      cwd: project,
      maxBuffer: 16 * 1024 * 1024,
    });
    return;
  } catch (error) {
    output = `${error.stdout ?? ""}${error.stderr ?? ""}`;
    if (!output.trim()) throw new Error(`tsgo failed to start: ${error.message}`);
  }
  const ours = [];
  let keep = false;
  for (const line of output.split("\n")) {
    const located = line.match(/^(\S[^(]*)\(\d+,\d+\): error /);
    if (located)
      keep = !located[1].startsWith("node_modules/") || located[1].startsWith("node_modules/@keel/");
    else if (/^\S/.test(line)) keep = !/^node_modules\//.test(line);
    if (keep && line.trim()) ours.push(line);
  }
  if (ours.length > 0) {
    throw new Error(
      `${what} did not compile (tsgo, strict, NodeNext) in ${project}\n${indent(ours.join("\n"))}`,
    );
  }
}

/** Every @keel package must be the packed one, once: never a registry copy, never a nested duplicate. */
export function checkKeelCopies(project, closure, tarballs) {
  const lock = JSON.parse(readFileSync(path.join(project, "package-lock.json"), "utf8"));
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    const match = location.match(/node_modules\/(@keel\/[^/]+)$/);
    if (!match) continue;
    if (location !== `node_modules/${match[1]}`) {
      throw new Error(`npm installed a second copy of ${match[1]} at ${location}`);
    }
    if (!closure.includes(match[1])) throw new Error(`npm installed ${match[1]}, which is not a dependency`);
    if (
      entry.version !== tarballs.get(match[1]).manifest.version ||
      !String(entry.resolved).startsWith("file:")
    ) {
      throw new Error(
        `${match[1]} did not come from its packed tarball (${entry.resolved ?? "no resolved"})`,
      );
    }
  }
}

/** Runs a command in `cwd`; a failure throws `what` with the command's output. */
export async function execIn(cwd, what, command, args) {
  try {
    return await run(command, args, { cwd, timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const output = [error.stdout, error.stderr].filter(Boolean).join("\n").trim();
    throw new Error(`${what} (exit code ${error.code}) in ${cwd}\n${indent(output || error.message)}`);
  }
}

export function rootDevRange(dependency) {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const range = manifest.devDependencies[dependency];
  if (range !== "catalog:") return range;
  const catalog = readFileSync(path.join(root, "pnpm-workspace.yaml"), "utf8");
  const line = catalog.match(new RegExp(`^\\s+"?${dependency.replace("/", "\\/")}"?:\\s*(\\S+)`, "m"));
  if (!line) throw new Error(`no catalog entry for ${dependency} in pnpm-workspace.yaml`);
  return line[1];
}

export async function eachLimited(items, limit, work) {
  const queue = [...items];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length > 0) await work(queue.shift());
  });
  // Every worker finishes before a failure is passed on, so nothing still writes to the scratch folder.
  const failed = (await Promise.allSettled(workers)).find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

export function indent(text) {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
