import { type ParseArgsConfig, parseArgs } from "node:util";
import { type Command, type CommandContext, EXIT } from "./commands/command.js";
import { nearestName } from "./nearest-name.js";
import { UsageError } from "./usage-error.js";

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig["options"]>;

type WithHelp<Options extends ParseArgsOptionsConfig> = Options & {
  readonly help: { readonly type: "boolean"; readonly short: "h" };
};

/** What `node:util` parseArgs returns for these options (strict, positionals allowed). */
export type ParsedCommandLine<Options extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: WithHelp<Options>; strict: true; allowPositionals: true }>
>;

/** A `keel` subcommand as its parts: the helper owns parsing, `--help` and usage errors. */
export interface CommandSpec<Options extends ParseArgsOptionsConfig> {
  readonly name: string;
  /** The text `--help` prints (usage, options, exit codes, examples). */
  readonly help: string;
  /** parseArgs options; `--help` / `-h` is added. */
  readonly options: Options;
  run(parsed: ParsedCommandLine<Options>, context: CommandContext): Promise<number>;
}

/**
 * One `keel` subcommand. Its arguments go through `node:util` parseArgs (strict, positionals allowed);
 * `--help` prints `help` and exits 0; a parse error, or an unknown option (with the nearest known one:
 * `--jsno` → "did you mean --json?"), is a UsageError that names the command and its `--help`.
 */
export function defineCommand<const Options extends ParseArgsOptionsConfig>(
  spec: CommandSpec<Options>,
): Command {
  const options = { ...spec.options, help: { type: "boolean", short: "h" } } as WithHelp<Options>;
  return {
    name: spec.name,
    async run(args, context) {
      const parsed = parseCommandLine(spec.name, Object.keys(options), () =>
        parseArgs({ args: [...args], options, strict: true, allowPositionals: true }),
      );
      if ((parsed.values as { readonly help?: boolean }).help) {
        context.io.stdout.write(spec.help);
        return EXIT.ok;
      }
      return spec.run(parsed, context);
    },
  };
}

/**
 * Runs a `node:util` parseArgs call and turns its TypeError into a UsageError that names the command.
 * Node's messages go on about `--` positionals; only their first sentence is kept, and an unknown option
 * gets the nearest of `known` as a suggestion.
 */
export function parseCommandLine<T>(command: string, known: readonly string[], parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const firstSentence = message.split(/\.\s/)[0]?.replace(/\.$/, "") ?? message;
    const unknown = /^Unknown option '--?([^']+)'/.exec(firstSentence)?.[1];
    const nearest = unknown === undefined ? undefined : nearestName(unknown, known);
    const hint = nearest === undefined ? "" : ` Did you mean --${nearest}?`;
    throw new UsageError(`${firstSentence}.${hint} Run "keel ${command} --help" for the options.`);
  }
}

/** A whole number of at least `minimum`, or a UsageError quoting what was given. */
export function readInteger(option: string, text: string, minimum: number): number {
  const value = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value) || value < minimum) {
    throw new UsageError(`${option} needs a whole number of at least ${minimum}, got "${text}".`);
  }
  return value;
}

/** A number from 0 to 1 (a share), or a UsageError quoting what was given. */
export function readFraction(option: string, text: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new UsageError(`${option} needs a number from 0 to 1 (e.g. 0.9 for 90%), got "${text}".`);
  }
  return value;
}

/** Exactly one positional argument (or none when optional); extra ones are a UsageError. */
export function singlePositional(
  command: string,
  positionals: readonly string[],
  what: string,
  required: boolean,
): string | undefined {
  if (positionals.length > 1) {
    throw new UsageError(
      `keel ${command} takes one ${what}, got ${positionals.length}: ${positionals.map((item) => JSON.stringify(item)).join(" ")}. Quote a request that has spaces.`,
    );
  }
  const value = positionals[0];
  if (required && (value === undefined || value.trim() === "")) {
    throw new UsageError(`a ${what} is required. Run "keel ${command} --help" for examples.`);
  }
  return value;
}
