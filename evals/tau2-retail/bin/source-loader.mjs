// Runs this package's TypeScript sources without a build step, for bin/replay.mjs: Node 20 has no type
// stripping, so .ts files are transpiled with the workspace's own TypeScript (transpileModule, no type
// check), and workspace packages resolve to their sources through the "@keel/source" export condition,
// as vitest and the type-checks do.
import { readFile } from "node:fs/promises";
import ts from "typescript";

const SOURCE_CONDITION = "@keel/source";

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
  const output = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      sourceMap: false,
      inlineSourceMap: true,
    },
  });
  return { format: "module", source: output.outputText, shortCircuit: true };
}
