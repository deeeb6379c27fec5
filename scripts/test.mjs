#!/usr/bin/env node
// `pnpm test`: every check CI runs, as turbo tasks (lint, knip, the workflow lint, changesets, types, builds,
// tests, the API reports, pack-smoke), then the ten slowest tests of the run (slowest-tests.mjs). Types are
// checked by one tsgo over every package's sources and tests (`typecheck:all`, tsconfig.typecheck.json: the
// same options as each package's own `typecheck`, ~6 s of CPU against ~29 s for twelve processes).
//
// The run's temporary files go in one scratch folder (TMPDIR and KEEL_SCRATCH_DIR for every task), removed
// when the run ends, whatever a test left behind: on a memory file system when the machine has one with room
// (scratch-root.mjs), where writing and removing PGlite folders and npm installs costs less system CPU.
//
// usage: node scripts/test.mjs [turbo options, e.g. --output-logs=full]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { scratchRoot } from "./scratch-root.mjs";

const TASKS = [
  "lint",
  "knip",
  "lint:workflows",
  "changeset:check",
  "typecheck:all",
  "build",
  "test",
  "api:check:all",
  "pack-smoke",
];

const scratch = mkdtempSync(path.join(scratchRoot(), "keel-test-run-"));
// turbo from the workspace's own install: `node scripts/test.mjs` works outside pnpm too.
const turbo = spawn(
  path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".bin", "turbo"),
  ["run", ...TASKS, "--continue=dependencies-successful", "--concurrency=150%", ...process.argv.slice(2)],
  { stdio: "inherit", env: { ...process.env, TMPDIR: scratch, KEEL_SCRATCH_DIR: scratch } },
);
// Ctrl-C reaches turbo with the rest of the terminal's process group; a signal sent to this process alone is
// passed on. Either way this process waits for turbo to end, then cleans up.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => turbo.kill(signal));
}
const code = await new Promise((resolve) => {
  turbo.on("error", (error) => {
    console.error(`pnpm test: could not start turbo: ${error.message}`);
    resolve(1);
  });
  turbo.on("exit", (exitCode, signal) =>
    resolve(exitCode ?? 128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal] ?? 0)),
  );
});
spawnSync(process.execPath, [path.join(import.meta.dirname, "slowest-tests.mjs")], { stdio: "inherit" });
rmSync(scratch, { recursive: true, force: true });
process.exit(code);
