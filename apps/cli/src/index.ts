#!/usr/bin/env node
import { main } from "./main.js";

const controller = new AbortController();
let signalled: "SIGINT" | "SIGTERM" | undefined;

// The first Ctrl-C (or SIGTERM) ends the run cleanly: status "aborted", the summary printed. A second one
// exits at once. Either way the exit code is the shell's convention: 128 + the signal's number.
const EXIT_ON: Record<"SIGINT" | "SIGTERM", number> = { SIGINT: 130, SIGTERM: 143 };
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    signalled ??= signal;
    process.exitCode = EXIT_ON[signalled];
    controller.abort(new Error(signal === "SIGINT" ? "Interrupted (Ctrl-C)." : "Stopped (SIGTERM)."));
    process.once(signal, () => process.exit(EXIT_ON[signal]));
  });
}

// A reader that goes away (`keel run … | head -1`) is not an error: stop quietly, as other CLIs do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  isTTY: process.stdout.isTTY === true && process.stderr.isTTY === true,
  signal: controller.signal,
});
// For keel worker a signal is the normal end: it drains and its own exit code (0) stands.
const drains = process.argv[2] === "worker";
process.exitCode = signalled === undefined || drains ? code : EXIT_ON[signalled];
