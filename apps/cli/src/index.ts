#!/usr/bin/env node
import { main } from "./main.js";

const controller = new AbortController();
// The first Ctrl-C ends the run cleanly (status "aborted"); a second one exits at once.
process.once("SIGINT", () => {
  controller.abort(new Error("Interrupted (Ctrl-C)."));
  process.once("SIGINT", () => process.exit(130));
});

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  isTTY: process.stdout.isTTY === true && process.stderr.isTTY === true,
  signal: controller.signal,
});
