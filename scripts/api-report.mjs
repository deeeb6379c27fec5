#!/usr/bin/env node
// Writes (or, with --check, verifies) a package's API report `<name>.api.md` with API Extractor.
// Run from a publishable package's directory after its build: the report is read from dist/*.d.ts,
// so it shows exactly the surface that adopters compile against. With --all, from anywhere: every workspace
// package with an `api:check` script, in this one process (API Extractor and TypeScript load once), each
// package reported, and a failure in one does not stop the others. Either way a report whose input types have
// optional fields that refuse `undefined` fails (optional-inputs.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Extractor, ExtractorConfig } from "@microsoft/api-extractor";
import { optionalInputProblems } from "./optional-inputs.mjs";

const check = process.argv.includes("--check");
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folders = process.argv.includes("--all") ? reportedPackages() : [process.cwd()];
let failures = 0;
for (const folder of folders) {
  try {
    report(folder);
  } catch (error) {
    failures++;
    console.error(`\n✗ ${error.message}`);
  }
}
if (failures > 0) process.exitCode = 1;

/** Workspace packages that keep an API report (those with an `api:check` script). */
function reportedPackages() {
  return ["packages", "apps"].flatMap((group) =>
    readdirSync(path.join(root, group))
      .map((entry) => path.join(root, group, entry))
      .filter((folder) => {
        const file = path.join(folder, "package.json");
        return (
          existsSync(file) && JSON.parse(readFileSync(file, "utf8")).scripts?.["api:check"] !== undefined
        );
      }),
  );
}

/**
 * Checks or writes the reports of the package in `projectFolder`: `<name>.api.md` for the main entry point and
 * `<name>.<subpath>.api.md` for each other subpath (`./internal`, plumbing for other Keel packages with no semver
 * promise, or a published one such as `@keel/tools/memory`), so the split shows in review. Throws with what is
 * wrong.
 */
function report(projectFolder) {
  const packageJsonPath = path.join(projectFolder, "package.json");
  const manifest = JSON.parse(readFileSync(packageJsonPath, "utf8"));
  const baseName = manifest.name.replace(/^@[^/]+\//, "");
  reportEntry(
    projectFolder,
    packageJsonPath,
    manifest,
    manifest.exports?.["."]?.types ?? manifest.types,
    `${baseName}.api.md`,
  );
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath === "." || subpath === "./package.json" || typeof target?.types !== "string") continue;
    const suffix = subpath.slice(2).replaceAll("/", ".");
    reportEntry(projectFolder, packageJsonPath, manifest, target.types, `${baseName}.${suffix}.api.md`);
  }
}

/** Checks or writes the report of one entry point (its types file) as `reportFileName`. */
function reportEntry(projectFolder, packageJsonPath, manifest, typesEntry, reportFileName) {
  if (!typesEntry) throw new Error(`${manifest.name}: package.json names no types entry point`);
  const entryPoint = path.join(projectFolder, typesEntry);
  if (!existsSync(entryPoint))
    throw new Error(`${manifest.name}: ${typesEntry} is missing; build the package first`);

  const committedReport = path.join(projectFolder, reportFileName);
  // Where API Extractor writes; removed however this ends.
  const scratch = mkdtempSync(path.join(tmpdir(), "keel-api-"));
  try {
    const fresh = normalize(
      extractReport({
        projectFolder,
        packageJsonPath,
        entryPoint,
        reportFileName,
        scratch,
        name: manifest.name,
      }),
    );
    const refusing = optionalInputProblems(fresh);
    if (refusing.length > 0) {
      throw new Error(
        `${manifest.name}: optional fields of inputs that refuse undefined (under exactOptionalPropertyTypes a ` +
          `caller cannot pass \`x: maybeUndefined\`); type each \`?: T | undefined\` ` +
          `(scripts/optional-inputs.mjs says what counts as an input):\n  ${refusing.join("\n  ")}`,
      );
    }
    const committed = existsSync(committedReport) ? readFileSync(committedReport, "utf8") : undefined;
    if (!check) {
      if (fresh !== committed) writeFileSync(committedReport, fresh);
      console.log(`${manifest.name}: ${fresh === committed ? "unchanged" : "wrote"} ${reportFileName}`);
    } else if (fresh !== committed) {
      const built = path.join(scratch, "built.api.md");
      writeFileSync(built, fresh);
      const shown = committed === undefined ? "/dev/null" : committedReport;
      const labels = ["--label", `committed ${reportFileName}`, "--label", "built from dist"];
      const diff = spawnSync("diff", ["-u", ...labels, shown, built], { encoding: "utf8" });
      process.stdout.write(diff.stdout);
      throw new Error(
        `${manifest.name}: the public API differs from ${reportFileName} (diff above).\n` +
          "  If the change is deliberate, run pnpm api:update and add a changeset (pnpm changeset).",
      );
    } else {
      console.log(`${manifest.name}: public API matches ${reportFileName}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Runs API Extractor into the scratch folder and returns the report text. */
function extractReport({ projectFolder, packageJsonPath, entryPoint, reportFileName, scratch, name }) {
  const quiet = { logLevel: "none", addToApiReportFile: false };
  const config = ExtractorConfig.prepare({
    configObjectFullPath: undefined,
    packageJsonFullPath: packageJsonPath,
    configObject: {
      projectFolder,
      mainEntryPointFilePath: entryPoint,
      // tsconfig.build.json drops the @keel/source condition, so Keel dependencies are read from their dist too.
      compiler: { tsconfigFilePath: path.join(projectFolder, "tsconfig.build.json") },
      apiReport: { enabled: true, reportFileName, reportFolder: scratch, reportTempFolder: scratch },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: "lf",
      messages: {
        compilerMessageReporting: { default: { logLevel: "warning" } },
        // Forgotten exports and the like stay visible in the report itself, where review sees them.
        extractorMessageReporting: {
          default: { logLevel: "none", addToApiReportFile: true },
          "ae-missing-release-tag": quiet,
          // Undocumented members are the README's business, and would make the report noisy.
          "ae-undocumented": quiet,
        },
        tsdocMessageReporting: { default: quiet },
      },
    },
  });
  const result = Extractor.invoke(config, {
    localBuild: true,
    messageCallback(message) {
      if (String(message.messageId).startsWith("console-")) message.handled = true;
    },
  });
  const written = path.join(scratch, reportFileName);
  if (result.errorCount > 0 || !existsSync(written)) {
    throw new Error(`${name}: API Extractor failed with ${result.errorCount} errors (see above)`);
  }
  return readFileSync(written, "utf8");
}

/** Drops source positions from warnings, so moving code around does not change the report. */
function normalize(report) {
  return report.replace(/^\/\/ src\/[^\s]+:\d+:\d+ - /gm, "// ");
}
