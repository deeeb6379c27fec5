#!/usr/bin/env node
import { runCli } from "./cli/run-cli.js";

// The bin: stdio by default. The exit code is set, not forced, so stdout and stderr drain first; the
// unref'd timer only ends a process that something (a stray handle) would otherwise keep alive.
runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    setTimeout(() => process.exit(code), 2_000).unref();
  },
  (error: unknown) => {
    process.stderr.write(`keel-mcp error ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
