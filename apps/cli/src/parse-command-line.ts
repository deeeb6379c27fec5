import { UsageError } from "./usage-error.js";

/**
 * Runs a `node:util` parseArgs call and turns its TypeError into a UsageError that names the command.
 * Node's messages go on about `--` positionals; only their first sentence is kept.
 */
export function parseCommandLine<T>(command: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const firstSentence = message.split(/\.\s/)[0]?.replace(/\.$/, "") ?? message;
    throw new UsageError(`${firstSentence}. Run "keel ${command} --help" for the options.`);
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
