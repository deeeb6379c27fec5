import type { CliIo } from "../cli-io.js";
import type { Environment } from "../env-file.js";
import type { Spinner } from "../terminal/spinner.js";
import type { Style } from "../terminal/style.js";

/** What every command receives besides its arguments. */
export interface CommandContext {
  readonly io: CliIo;
  /** The process environment with `<cwd>/.env` underneath it (see withEnvFile). */
  readonly env: Environment;
  readonly style: Style;
  readonly spinner: Spinner;
}

/** One `keel` subcommand: its help text and how it runs. Resolves with the exit code. */
export interface Command {
  readonly name: string;
  /** One line for `keel --help`. */
  readonly summary: string;
  /** The full `keel <name> --help` text, examples included. */
  readonly help: string;
  run(args: readonly string[], context: CommandContext): Promise<number>;
}

/** Exit codes: 0 success, 1 the command ran and the answer is "no" (failed run, findings), 2 usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
