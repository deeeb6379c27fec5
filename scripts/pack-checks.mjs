// What a packed tarball must get right before anyone installs it, checked on the very file `pnpm pack` wrote
// (the one pack-smoke then installs), in this process:
// - publint (strict: warnings count): the exports map, `files`, and fields that point at missing files;
// - Are the Types Wrong? (profile esm-only: the node10 and node16-cjs resolutions are not ours to support):
//   the types resolve, and describe the JavaScript each condition loads.
// Both load TypeScript or parse the tarball once per process instead of once per package and tool, and
// nothing packs a second time. Used by scripts/pack-smoke.mjs.
import { readFile } from "node:fs/promises";
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
  const analysis = importable ? await checkPackage(createPackageFromTarballData(data)) : { types: false };
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
