// What a packed tarball must get right before anyone installs it, checked on the very file `pnpm pack` wrote
// (the one pack-smoke then installs), in this process:
// - publint (strict: warnings count): the exports map, `files`, and fields that point at missing files;
// - Are the Types Wrong? (profile esm-only: the node10 and node16-cjs resolutions are not ours to support):
//   the types resolve, and describe the JavaScript each condition loads;
// - every module a declaration file imports is one the package declares (dependency, peer or optional) or a
//   Node built-in: a .d.ts that needs a devDependency's types breaks an adopter's build, and an adopter's
//   `skipLibCheck: true` (tsc --init's default) would hide it as `any` instead.
// Both load TypeScript or parse the tarball once per process instead of once per package and tool, and
// nothing packs a second time. Used by scripts/pack-smoke.mjs.
import { readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { problemKindInfo } from "@arethetypeswrong/core/problems";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

/** Resolutions the `esm-only` profile leaves out (as `attw --profile esm-only` does). */
const IGNORED_RESOLUTIONS = new Set(["node10", "node16-cjs"]);

/**
 * The problems publint and attw find in one tarball, each as a line of text; empty when it is clean.
 * `manifest` is the packed package.json (publint words its messages against it).
 */
export async function checkTarball(tarball, manifest) {
  const data = new Uint8Array(await readFile(tarball));
  const problems = [];

  const { messages } = await publint({ pack: { tarball: data.slice().buffer }, strict: true });
  for (const message of messages) {
    if (message.type === "suggestion") continue;
    problems.push(`publint ${message.type}: ${formatMessage(message, manifest, { color: false })}`);
  }

  // A bin-only package (the `keel` CLI) has nothing to import, so nothing for attw to resolve.
  const importable = ["exports", "main", "module", "types"].some((field) => field in manifest);
  const contents = createPackageFromTarballData(data);
  problems.push(...undeclaredTypeImports(contents, manifest));
  if (!importable) {
    // Nothing can import a bin-only package: declaration files in it are weight for nothing.
    const declarations = contents.listFiles().filter((file) => /\.d\.[cm]?ts(\.map)?$/.test(file));
    if (declarations.length > 0)
      problems.push(
        `${declarations.length} declaration files in a package nothing can import (no exports): e.g. ${declarations[0]}`,
      );
  }
  const analysis = importable ? await checkPackage(contents) : { types: false };
  if (analysis.types) {
    for (const problem of analysis.problems) {
      if ("resolutionKind" in problem && IGNORED_RESOLUTIONS.has(problem.resolutionKind)) continue;
      const where = [problem.entrypoint, problem.resolutionKind].filter(Boolean).join(", ");
      problems.push(
        `attw ${problem.kind}: ${problemKindInfo[problem.kind]?.description ?? ""}${where ? ` (${where})` : ""}`,
      );
    }
  }
  return problems;
}

const BUILT_IN = new Set([...builtinModules, "node"]);
/** Module specifiers in declaration files: import/export … from, import("…"), and `/// <reference types>`. */
const SPECIFIERS = [
  /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /(?:^|[;\s])import\s*["']([^"']+)["']/gm,
  /\/\/\/\s*<reference\s+types\s*=\s*["']([^"']+)["']/g,
];

/** Imports in the package's .d.ts files of modules it does not declare, one line each. */
function undeclaredTypeImports(contents, manifest) {
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  const found = new Map();
  for (const file of contents.listFiles()) {
    if (!/\.d\.[cm]?ts$/.test(file)) continue;
    const text = contents.readFile(file);
    for (const pattern of SPECIFIERS) {
      for (const [, specifier] of text.matchAll(pattern)) {
        if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) continue;
        const parts = specifier.split("/");
        const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
        if (declared.has(name) || BUILT_IN.has(name)) continue;
        // `@types/x` serves imports of `x`: a package declaring x (or its types) covers both.
        if (name.startsWith("@types/") && declared.has(name.slice("@types/".length))) continue;
        if (declared.has(`@types/${name.replace(/^@([^/]+)\/(.+)$/, "$1__$2")}`)) continue;
        if (!found.has(name)) found.set(name, file.replace(/^\/node_modules\/(?:@[^/]+\/)?[^/]+\//, ""));
      }
    }
  }
  return [...found].map(
    ([name, file]) =>
      `types: ${file} imports ${name}, which the package does not declare (dependencies, peerDependencies or optionalDependencies)`,
  );
}
