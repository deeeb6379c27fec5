import { type CommandLine, commandLine } from "@keel/command-line";
import type { CliIo } from "../cli-io.js";
import type { Environment } from "../env-file.js";
import type { Spinner } from "../terminal/spinner.js";
import type { Style } from "../terminal/style.js";
import { UsageError } from "../usage-error.js";

/** What every command receives besides its arguments. */
export interface CommandContext {
  readonly io: CliIo;
  /** The process environment with `<cwd>/.env` underneath it (see withEnvFile). */
  readonly env: Environment;
  readonly style: Style;
  readonly spinner: Spinner;
}

/**
 * One `keel` subcommand: its name and how it runs (its own `--help`, with examples, included). Resolves
 * with the exit code. Its line in `keel --help` is in the catalog (catalog.ts), which loads it on use.
 */
export interface Command {
  readonly name: string;
  run(args: readonly string[], context: CommandContext): Promise<number>;
}

export { EXIT } from "./exit-codes.js";

/**
 * `keel`'s command-line helpers (`@keel/command-line`, the one owner of parsing, `--help` and
 * usage errors for `keel` and `keel-mcp`). `defineCommand` makes a subcommand: its arguments go through
 * `node:util` parseArgs (strict, positionals allowed); `--help` prints its help and exits 0; a parse error,
 * or an unknown option (with the nearest known one: `--jsno` → "Did you mean --json?"), is a UsageError
 * that names the command and its `--help` (`Run "keel run --help" for the options.`).
 */
type KeelCommandLine = CommandLine<CommandContext>;

const keel: KeelCommandLine = commandLine({
  name: "keel",
  usageError: (message) => new UsageError(message),
});
export const defineCommand: KeelCommandLine["defineCommand"] = keel.defineCommand;
export const readInteger: KeelCommandLine["readInteger"] = keel.readInteger;
export const readFraction: KeelCommandLine["readFraction"] = keel.readFraction;
export const oneOf: KeelCommandLine["oneOf"] = keel.oneOf;
export const singlePositional: KeelCommandLine["singlePositional"] = keel.singlePositional;

/** The hint after "expected one request, got 2: ..." (`singlePositional`): a request is free text. */
export const QUOTE_REQUEST = "Quote a request that has spaces.";
