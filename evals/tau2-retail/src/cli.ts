import type { ParseArgsConfig } from "node:util";
import { COMMAND_LINE_EXIT, commandLine } from "@keel/command-line";

/** Where a command of the eval writes: the process, or what a test captures. */
export interface Io {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** A usage error of one of the eval's bins (exit 2); its message already points at `--help`. */
class UsageError extends Error {}

declare const someProgram: ReturnType<typeof commandLine>;
/** What `parse` answers for options `O` (typed per option, `help` included). */
type Values<O extends Options> = ReturnType<typeof someProgram.parse<O>>["values"];

/**
 * The options of a bin's command line (options only, `--help` / `-h` added), read by @keel/command-line — the
 * one owner of how a Keel program reads its command line: an unknown option gets the nearest known one and a
 * pointer at `--help`. `--help` prints `help` and answers exit 0; a usage error is written to stderr as
 * `BIN: message` and answers exit 2.
 */
export function readBinOptions<const O extends Options>(
  bin: string,
  argv: readonly string[],
  options: O,
  help: string,
  io: Io,
): { readonly values: Values<O> } | { readonly exit: number } {
  try {
    const program = commandLine({
      name: `node evals/tau2-retail/bin/${bin}.mjs`,
      usageError: (message) => new UsageError(message),
    });
    const { values } = program.parse(argv, options, { positionals: false });
    if ((values as { help?: boolean | undefined }).help) {
      io.stdout.write(help);
      return { exit: COMMAND_LINE_EXIT.ok };
    }
    return { values };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`${bin}: ${error.message}\n`);
    return { exit: COMMAND_LINE_EXIT.usage };
  }
}
