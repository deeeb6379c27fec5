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

/**
 * One `keel` subcommand: its name and how it runs (its own `--help`, with examples, included). Resolves
 * with the exit code. Its line in `keel --help` is in the catalog (catalog.ts), which loads it on use.
 */
export interface Command {
  readonly name: string;
  run(args: readonly string[], context: CommandContext): Promise<number>;
}

/**
 * Exit codes: 0 success, 1 the command ran and the answer is "no" (failed run, findings), 2 usage,
 * 3 the run is waiting for a person's approval (`keel run --hold`; continue with `keel tickets approve`).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, awaitingApproval: 3 } as const;
