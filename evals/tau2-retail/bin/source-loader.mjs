// Runs this package's TypeScript sources without a build step, for bin/replay.mjs: Node 20 has no type
// stripping, so .ts files are transpiled with the workspace's own TypeScript (transpileModule, no type
// check), and workspace packages resolve to their sources through the "@keel/source" export condition,
// as vitest and the type-checks do.
//
// Transpiling the ~180 sources a command loads costs seconds, so each output is kept in
// node_modules/.cache/tau2-retail-source-loader under the sha256 of what it is made from (TypeScript's
// version, the options, the file's URL and text): an edited file or another TypeScript is a new entry, never
// a stale one. TypeScript itself is loaded only on a miss, through require (an ESM import of its 9 MB
// CommonJS file first scans it for export names).
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";

const SOURCE_CONDITION = "@keel/source";
const require = createRequire(import.meta.url);
const CACHE = new URL("../node_modules/.cache/tau2-retail-source-loader/", import.meta.url);
// Node reads inline source maps only with --enable-source-maps; a stack trace names the .ts file either way.
const COMPILER_OPTIONS = {
  module: "ESNext",
  target: "ES2022",
  verbatimModuleSyntax: true,
  sourceMap: false,
};
const CACHE_SALT = JSON.stringify([require("typescript/package.json").version, COMPILER_OPTIONS]);

let typescript;

export async function resolve(specifier, context, nextResolve) {
  const conditions = context.conditions.includes(SOURCE_CONDITION)
    ? context.conditions
    : [SOURCE_CONDITION, ...context.conditions];
  const withSources = { ...context, conditions };
  const fromTypeScript = context.parentURL?.endsWith(".ts") && /^\.\.?\//.test(specifier);
  if (fromTypeScript && specifier.endsWith(".js")) {
    // NodeNext sources import "./file.js" meaning "./file.ts".
    try {
      return await nextResolve(`${specifier.slice(0, -3)}.ts`, withSources);
    } catch {
      // a real .js file
    }
  }
  return nextResolve(specifier, withSources);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
  const source = await readFile(new URL(url), "utf8");
  const key = createHash("sha256").update(CACHE_SALT).update("\0").update(url).update("\0").update(source);
  const cached = new URL(`${key.digest("hex")}.js`, CACHE);
  const output = (await readCached(cached)) ?? (await transpile(url, source, cached));
  return { format: "module", source: output, shortCircuit: true };
}

async function readCached(file) {
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

async function transpile(url, source, cached) {
  typescript ??= require("typescript");
  const { ModuleKind, ScriptTarget } = typescript;
  const output = typescript.transpileModule(source, {
    fileName: url,
    compilerOptions: {
      ...COMPILER_OPTIONS,
      module: ModuleKind[COMPILER_OPTIONS.module],
      target: ScriptTarget[COMPILER_OPTIONS.target],
    },
  }).outputText;
  try {
    // Written aside and renamed, so a process reading the entry meanwhile sees all of it or none.
    await mkdir(CACHE, { recursive: true });
    const aside = new URL(`${cached.href}.${process.pid}.tmp`);
    await writeFile(aside, output);
    await rename(aside, cached);
  } catch {
    // A cache that cannot be written only costs the next run the same transpile.
  }
  return output;
}
