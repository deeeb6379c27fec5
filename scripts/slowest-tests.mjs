#!/usr/bin/env node
// Prints the ten slowest tests of the last `pnpm test`, from each package's `.vitest/results.json` (vitest's
// JSON reporter, set in vitest.shared.ts). Run after the tests, whatever their outcome; it never fails the run.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
const folders = ["packages", "apps"].flatMap((group) =>
  existsSync(join(root, group)) ? readdirSync(join(root, group)).map((name) => join(root, group, name)) : [],
);
folders.push(join(root, "reliability"));

const tests = [];
for (const folder of folders) {
  const file = join(folder, ".vitest", "results.json");
  if (!existsSync(file)) continue;
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    continue; // a run cut short leaves a partial file: nothing to report from it
  }
  const age = Math.round((Date.now() - statSync(file).mtimeMs) / 60_000);
  for (const result of report.testResults ?? []) {
    for (const assertion of result.assertionResults ?? []) {
      if (typeof assertion.duration !== "number") continue;
      tests.push({
        ms: assertion.duration,
        where: `${relative(root, folder)} ${relative(folder, result.name)}`,
        name: assertion.fullName ?? assertion.title,
        age,
      });
    }
  }
}
if (tests.length === 0) process.exit(0);
tests.sort((a, b) => b.ms - a.ms);
const total = tests.reduce((sum, test) => sum + test.ms, 0);
process.stdout.write(
  `\nslowest tests (of ${tests.length}, ${(total / 1000).toFixed(0)} s in all; a cached package shows its last run):\n`,
);
for (const test of tests.slice(0, 10)) {
  const seconds = `${(test.ms / 1000).toFixed(1)} s`.padStart(8);
  const name = test.name.length > 90 ? `${test.name.slice(0, 89)}…` : test.name;
  process.stdout.write(
    `${seconds}  ${test.where} › ${name}${test.age > 60 ? ` (${test.age} min ago)` : ""}\n`,
  );
}
