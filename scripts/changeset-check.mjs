#!/usr/bin/env node
// Runs `changeset version` in throwaway copies of the workspace's manifests and changesets, and checks that
// releasing works: every package named in a pending changeset gets a new version and a CHANGELOG.md entry,
// every published package whose Keel dependency moves out of its range is bumped too, and private packages
// (apps, bench, reliability) are never versioned. A second copy replaces the pending changesets with one
// minor change to @keel/errors, so the dependents path is exercised even right after a release.
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const changesetBin = path.join(root, "node_modules", ".bin", "changeset");
const copied = /(^|\/)(package\.json|CHANGELOG\.md)$|^pnpm-workspace\.yaml$|^\.changeset\//;
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => copied.test(file) && existsSync(path.join(root, file)));

const problems = [];
// `workspace:^` is published as `^0.0.x`, which admits that one version only: a dependent would pin a sibling
// at 0.0.x for good. Publishable packages start at 0.1.0, like the first ones did.
for (const { manifest } of readPackages(root).values()) {
  if (!manifest.private && /^0\.0\./.test(manifest.version)) {
    problems.push(`${manifest.name} is at ${manifest.version}: a publishable package starts at 0.1.0`);
  }
}
const pending = scenario("pending changesets", () => {});
const synthetic = scenario("one minor change to @keel/errors", (copy) => {
  for (const file of readdirSync(path.join(copy, ".changeset"))) {
    if (file.endsWith(".md")) rmSync(path.join(copy, ".changeset", file));
  }
  writeFileSync(
    path.join(copy, ".changeset", "synthetic-errors-minor.md"),
    '---\n"@keel/errors": minor\n---\n\nA synthetic change from scripts/changeset-check.mjs.\n',
  );
});

if (problems.length > 0) {
  console.error(
    `\n✗ changeset version does not release as it should:\n${problems.map((line) => `  - ${line}`).join("\n")}`,
  );
  process.exit(1);
}
console.log(`✓ changeset version: ${pending}; ${synthetic}`);

/** Copies the manifests and changesets, runs `changeset version` there and checks the result. */
function scenario(label, prepare) {
  const copy = mkdtempSync(path.join(tmpdir(), "keel-changeset-"));
  try {
    for (const file of files) {
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(copy, file));
    }
    // The changelog generator named in .changeset/config.json is resolved from the copy.
    symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
    prepare(copy);
    const changesets = readChangesets(copy);
    const before = readPackages(copy);
    const run = spawnSync(changesetBin, ["version"], { cwd: copy, encoding: "utf8" });
    if (run.status !== 0) {
      problems.push(`${label}: changeset version failed\n${run.stdout}${run.stderr}`);
      return `${label}: failed`;
    }
    const after = readPackages(copy);
    const released = new Set(changesets.flatMap((changeset) => changeset.releases));
    for (const name of released) {
      expectRelease(label, copy, before.get(name), after.get(name), "it has a pending changeset");
    }
    let dependents = 0;
    for (const [name, previous] of before) {
      if (previous.manifest.private) continue;
      for (const [dependency, range] of Object.entries(runtimeDependencies(previous.manifest))) {
        const old = before.get(dependency);
        const next = after.get(dependency);
        if (!old || !next || old.manifest.version === next.manifest.version) continue;
        if (satisfiesWorkspaceRange(range, old.manifest.version, next.manifest.version)) continue;
        dependents += 1;
        const changelog = expectRelease(
          label,
          copy,
          previous,
          after.get(name),
          `${dependency} moves to ${next.manifest.version}, outside ${range}`,
        );
        if (changelog !== undefined && !changelog.includes(`${dependency}@${next.manifest.version}`)) {
          problems.push(
            `${label}: ${name}'s CHANGELOG.md does not mention ${dependency}@${next.manifest.version}`,
          );
        }
      }
    }
    for (const [name, previous] of before) {
      if (!previous.manifest.private) continue;
      if (after.get(name).manifest.version !== previous.manifest.version) {
        problems.push(`${label}: the private package ${name} was versioned`);
      }
    }
    const left = readChangesets(copy);
    if (left.length > 0) problems.push(`${label}: ${left.length} changeset(s) left after changeset version`);
    return `${label}: ${released.size} released with a CHANGELOG.md, ${dependents} dependent bump(s) checked`;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Checks one package got a new version and a CHANGELOG.md section for it; returns the changelog. */
function expectRelease(label, copy, previous, next, why) {
  if (!previous || !next) {
    problems.push(`${label}: a changeset names a package that is not in the workspace`);
    return undefined;
  }
  const name = previous.manifest.name;
  if (previous.manifest.private) {
    problems.push(`${label}: ${name} is private but ${why}`);
    return undefined;
  }
  if (next.manifest.version === previous.manifest.version) {
    problems.push(`${label}: ${name} kept version ${previous.manifest.version} although ${why}`);
  }
  const changelogPath = path.join(copy, previous.directory, "CHANGELOG.md");
  if (!existsSync(changelogPath)) {
    problems.push(`${label}: ${name} has no CHANGELOG.md although ${why}`);
    return undefined;
  }
  const changelog = readFileSync(changelogPath, "utf8");
  if (!changelog.includes(`## ${next.manifest.version}\n`)) {
    problems.push(`${label}: ${name}'s CHANGELOG.md has no "## ${next.manifest.version}" section`);
  }
  return changelog;
}

function readChangesets(copy) {
  const directory = path.join(copy, ".changeset");
  return readdirSync(directory)
    .filter((file) => file.endsWith(".md") && file !== "README.md")
    .map((file) => {
      const text = readFileSync(path.join(directory, file), "utf8");
      const frontMatter = text.match(/^---\n([\s\S]*?)\n---/);
      if (!frontMatter) {
        problems.push(`.changeset/${file} does not start with a front matter block ("---" lines)`);
        return { file, releases: [] };
      }
      const releases = [
        ...frontMatter[1].matchAll(/^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/gm),
      ];
      return { file, releases: releases.map((release) => release[1]) };
    });
}

/** Workspace packages of the copy, by name, with their directory relative to the copy. */
function readPackages(copy) {
  const packages = new Map();
  for (const file of files) {
    if (!/^[^/]+\/([^/]+\/)?package\.json$/.test(file)) continue;
    const manifest = JSON.parse(readFileSync(path.join(copy, file), "utf8"));
    if (manifest.name) packages.set(manifest.name, { directory: path.dirname(file), manifest });
  }
  return packages;
}

function runtimeDependencies(manifest) {
  return { ...manifest.dependencies, ...manifest.peerDependencies };
}

/** Whether `workspace:^`, `workspace:~` or `workspace:*` (as pnpm publishes them) still covers the new version. */
function satisfiesWorkspaceRange(range, oldVersion, newVersion) {
  if (!range.startsWith("workspace:")) return true;
  const [oldMajor, oldMinor, oldPatch] = oldVersion.split(".").map(Number);
  const [newMajor, newMinor, newPatch] = newVersion.split(".").map(Number);
  const kind = range.slice("workspace:".length);
  if (kind === "*") return newVersion === oldVersion;
  if (kind === "~") return newMajor === oldMajor && newMinor === oldMinor;
  if (kind === "^") {
    if (oldMajor > 0) return newMajor === oldMajor;
    if (oldMinor > 0) return newMajor === 0 && newMinor === oldMinor;
    return newMajor === 0 && newMinor === 0 && newPatch === oldPatch;
  }
  return true;
}
