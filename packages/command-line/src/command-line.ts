import { type ParseArgsConfig, parseArgs } from "node:util";
import { didYouMean } from "@keel/diagnostics";

// The one owner of how a Keel program reads its command line (`keel`'s subcommands and `keel-mcp`). It
// imports nothing but node:util and @keel/diagnostics (no dependencies), so `--help`, `--version` and a usage
// error answer without loading a server, a store or an SDK.

/** The exit codes every Keel program shares: 0 for `--help` (and success), 2 for a usage error. */
export const COMMAND_LINE_EXIT = { ok: 0, usage: 2 } as const;

/** A program whose command lines the helper reads. */
export interface CommandLineProgram {
  /** The program as typed, first in every message that names a command line: `keel`, `keel-mcp`. */
  readonly name: string;
  /**
   * How a usage error points at the help: `Run "keel run --help" for the options.` (true, the default) or
   * `Run keel-mcp --help for the options.` (false). Each program keeps the wording its users know.
   */
  readonly quoteHelp?: boolean | undefined;
  /**
   * Whether a bad option value (`readInteger`, `readFraction`, `oneOf`) also ends by pointing at the
   * program's `--help` (default false: the message already says what the value must be, and a program with
   * subcommands cannot tell which one's help to name). `keel-mcp`, one command line, says true.
   */
  readonly helpAfterValueErrors?: boolean | undefined;
  /**
   * The error a usage problem throws, from its whole message (the pointer at `--help` included). The
   * program's entry point prints the message and exits with COMMAND_LINE_EXIT.usage.
   */
  usageError(message: string): Error;
}

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig["options"]>;

type WithHelp<Options extends ParseArgsOptionsConfig> = Options & {
  readonly help: { readonly type: "boolean"; readonly short: "h" };
};

/** What `node:util` parseArgs returns for these options plus `--help` / `-h` (strict, positionals allowed). */
export type ParsedCommandLine<Options extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: WithHelp<Options>; strict: true; allowPositionals: true }>
>;

/** How `parse` reads one command line. */
export interface ParseSettings {
  /** The subcommand (`run` for `keel run`), named in the messages; none for a program without subcommands. */
  readonly command?: string | undefined;
  /**
   * Whether arguments other than options are allowed (default true); an unexpected one is a usage error,
   * unless `--help` is given too (the help answers).
   */
  readonly positionals?: boolean | undefined;
}

/** A subcommand as its parts: the helper owns parsing, `--help` and usage errors. */
export interface CommandSpec<Options extends ParseArgsOptionsConfig, Context> {
  readonly name: string;
  /** The text `--help` prints (usage, options, exit codes, examples). */
  readonly help: string;
  /** parseArgs options; `--help` / `-h` is added. */
  readonly options: Options;
  /**
   * false: the command takes options only, and an argument is a usage error naming the option it looks
   * like (`Unexpected argument 'naive': only options are allowed. Did you mean --naive?`). Default: allowed.
   */
  readonly positionals?: false | undefined;
  run(parsed: ParsedCommandLine<Options>, context: Context): Promise<number>;
}

/** A subcommand ready to run: resolves with its exit code, throws the program's usage error. */
export interface CommandLineCommand<Context> {
  readonly name: string;
  run(args: readonly string[], context: Context): Promise<number>;
}

/** What a command needs of its context to print its help. */
export interface HelpContext {
  readonly io: { readonly stdout: { write(text: string): unknown } };
}

/** The helpers of one program, each naming it in its messages and throwing its usage error. */
export interface CommandLine<Context extends HelpContext> {
  /**
   * `node:util` parseArgs (strict) with `--help` / `-h` added. A parse error keeps only Node's first
   * sentence, an unknown option (or an argument spelled like an option) gets the nearest known one
   * (`--memroy` → "Did you mean --memory?", see didYouMean), and the message ends by pointing at the
   * program's `--help`.
   */
  parse<const Options extends ParseArgsOptionsConfig>(
    args: readonly string[],
    options: Options,
    settings?: ParseSettings,
  ): ParsedCommandLine<Options>;
  /** A subcommand: `parse`, then `--help` prints `help` and exits 0, else `run`. */
  defineCommand<const Options extends ParseArgsOptionsConfig>(
    spec: CommandSpec<Options, Context>,
  ): CommandLineCommand<Context>;
  /** The program's usage error for `problem`, pointing at the (sub)command's `--help` for the options. */
  usage(problem: string, command?: string): Error;
  /** A whole number from `minimum` (to `maximum` when given), or a usage error quoting what was given. */
  readInteger(option: string, text: string, minimum: number, maximum?: number): number;
  /** A number from 0 to 1 (a share), or a usage error quoting what was given. */
  readFraction(option: string, text: string): number;
  /**
   * `value` when it is one of `allowed`, else a usage error listing them and naming the nearest:
   * `--log-level must be one of info, warn, error, silent, got "wran". Did you mean warn?`
   */
  oneOf<const Allowed extends string>(option: string, value: string, allowed: readonly Allowed[]): Allowed;
  /**
   * Exactly one positional argument (or none when optional); extra ones are a usage error that lists them
   * ("expected one request, got 2: "refund" "#1"."), followed by `hint` when given ("Quote a request that
   * has spaces." suits free text, not a file). The message leaves the program and command to the printer,
   * which puts them in front ("keel route: expected one request, ...").
   */
  singlePositional(
    command: string,
    positionals: readonly string[],
    what: string,
    required: boolean,
    hint?: string,
  ): string | undefined;
}

/** A value that reads as a negative number (`-1`, `-0.5`), which parseArgs would take for an option. */
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/** The long name of `arg` when it names an option that takes a value (`--min`, or its short `-m`). */
function valueOptionOf(arg: string, options: ParseArgsOptionsConfig): string | undefined {
  for (const [name, option] of Object.entries(options)) {
    if (option.type !== "string") continue;
    if (arg === `--${name}` || (option.short !== undefined && arg === `-${option.short}`)) return name;
  }
  return undefined;
}

/**
 * Joins an option that takes a value to a value that reads as a negative number (`--min -1` → `--min=-1`), so
 * the command's own range check answers instead of parseArgs' "argument is ambiguous"; an option followed by
 * another option, or by nothing, is a usage error saying its value is missing. Arguments after `--` are left
 * alone.
 */
function withValuesJoined(
  args: readonly string[],
  options: ParseArgsOptionsConfig,
  missing: (option: string, next: string | undefined) => Error,
): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === "--") return [...joined, ...args.slice(index)];
    const name = valueOptionOf(arg, options);
    if (name === undefined) {
      joined.push(arg);
      continue;
    }
    const next = args[index + 1];
    if (next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`--${name}=${next}`);
      index += 1;
    } else if (next === undefined || (next.startsWith("-") && next !== "-")) {
      throw missing(arg, next);
    } else joined.push(arg);
  }
  return joined;
}

/** The first option that takes one value and was given twice (parseArgs would keep the last silently). */
function repeatedValueOption(
  tokens: readonly { readonly kind: string; readonly name?: string }[],
  options: ParseArgsOptionsConfig,
): string | undefined {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== "option" || token.name === undefined) continue;
    const option = options[token.name];
    if (option?.type !== "string" || option.multiple === true) continue;
    if (seen.has(token.name)) return token.name;
    seen.add(token.name);
  }
  return undefined;
}

/**
 * The command-line helpers of one program. `keel` binds them to its UsageError (`apps/cli`,
 * `commands/command.ts`), `keel-mcp` to KeelMcpConfigError USAGE; both print the error's message after
 * their name and exit 2.
 */
export function commandLine<Context extends HelpContext>(program: CommandLineProgram): CommandLine<Context> {
  const typed = (command: string | undefined) =>
    command === undefined ? program.name : `${program.name} ${command}`;
  const seeHelp = (command: string | undefined, what: string) => {
    const help = `${typed(command)} --help`;
    return `Run ${program.quoteHelp === false ? help : `"${help}"`} for ${what}.`;
  };
  const usage = (problem: string, command?: string) =>
    program.usageError(`${problem} ${seeHelp(command, "the options")}`);
  const valueError = (problem: string) =>
    program.helpAfterValueErrors === true ? usage(problem) : program.usageError(problem);

  const parse = <const Options extends ParseArgsOptionsConfig>(
    args: readonly string[],
    options: Options,
    settings: ParseSettings = {},
  ): ParsedCommandLine<Options> => {
    const withHelp = { ...options, help: { type: "boolean", short: "h" } } as WithHelp<Options>;
    const known = Object.keys(withHelp);
    const suggest = (name: string) => didYouMean(name, known, (option) => `--${option}`);
    const joined = withValuesJoined(args, withHelp, (option, next) =>
      usage(
        next === undefined
          ? `${option} needs a value, and nothing follows it.`
          : `${option} needs a value, but "${next}" after it is an option (give ${option}=VALUE for a value that starts with "-").`,
        settings.command,
      ),
    );
    let withTokens: ReturnType<typeof parseArgs<ParseArgsConfig & { tokens: true }>>;
    try {
      withTokens = parseArgs({
        args: joined,
        options: withHelp,
        strict: true,
        allowPositionals: true,
        tokens: true,
      });
    } catch (error) {
      // Node's messages go on about `--` positionals: only the first sentence is kept.
      const message = error instanceof Error ? error.message : String(error);
      const firstSentence = message.split(/\.\s/)[0]?.replace(/\.$/, "") ?? message;
      const unknown = /^Unknown option '--?([^']+)'/.exec(firstSentence)?.[1];
      throw usage(`${firstSentence}.${unknown === undefined ? "" : suggest(unknown)}`, settings.command);
    }
    const { tokens, ...values } = withTokens;
    const repeated = repeatedValueOption(tokens ?? [], withHelp);
    if (repeated !== undefined) {
      throw usage(`--${repeated} is given more than once: give it once.`, settings.command);
    }
    const parsed = values as unknown as ParsedCommandLine<Options>;
    const unexpected = parsed.positionals[0];
    // `--help` answers whatever else is on the line: the argument is not a parse error.
    const help = (parsed.values as { readonly help?: boolean }).help === true;
    if (settings.positionals === false && unexpected !== undefined && !help) {
      throw usage(
        `Unexpected argument '${unexpected}': only options are allowed.${suggest(unexpected)}`,
        settings.command,
      );
    }
    return parsed;
  };

  return {
    parse,
    usage,
    defineCommand(spec) {
      return {
        name: spec.name,
        async run(args, context) {
          const parsed = parse(args, spec.options, {
            command: spec.name,
            ...(spec.positionals === false ? { positionals: false } : {}),
          });
          if ((parsed.values as { readonly help?: boolean }).help) {
            context.io.stdout.write(spec.help);
            return COMMAND_LINE_EXIT.ok;
          }
          return spec.run(parsed, context);
        },
      };
    },
    readInteger(option, text, minimum, maximum) {
      const value = Number(text);
      const inRange = value >= minimum && (maximum === undefined || value <= maximum);
      if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value) || !inRange) {
        const range = maximum === undefined ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`;
        throw valueError(`${option} needs a whole number ${range}, got "${text}".`);
      }
      return value;
    },
    readFraction(option, text) {
      const value = Number(text);
      if (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1) {
        throw valueError(`${option} needs a number from 0 to 1 (e.g. 0.9 for 90%), got "${text}".`);
      }
      return value;
    },
    oneOf(option, value, allowed) {
      const known: readonly string[] = allowed;
      if (known.includes(value)) return value as (typeof allowed)[number];
      throw valueError(
        `${option} must be one of ${allowed.join(", ")}, got ${JSON.stringify(value)}.${didYouMean(value, allowed)}`,
      );
    },
    singlePositional(command, positionals, what, required, hint) {
      if (positionals.length > 1) {
        const given = positionals.map((item) => JSON.stringify(item)).join(" ");
        throw program.usageError(
          `expected one ${what}, got ${positionals.length}: ${given}.${hint === undefined ? "" : ` ${hint}`}`,
        );
      }
      const value = positionals[0];
      if (required && (value === undefined || value.trim() === "")) {
        throw program.usageError(`a ${what} is required. ${seeHelp(command, "examples")}`);
      }
      return value;
    },
  };
}
