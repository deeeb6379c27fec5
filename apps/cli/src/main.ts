import { didYouMean } from "@keel/diagnostics";
import type { CliIo } from "./cli-io.js";
import { COMMANDS } from "./commands/catalog.js";
import { EXIT } from "./commands/exit-codes.js";
import { withEnvFile } from "./env-file.js";
import { createSpinner } from "./terminal/spinner.js";
import { colorEnabled, createStyle } from "./terminal/style.js";
import { cliVersion } from "./version.js";

export type { CliIo, TextSink } from "./cli-io.js";

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const list = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n");
  return `keel ${cliVersion()} — reliable tool-calling agents on the Anthropic Messages API

Usage: keel <command> [options]     keel <command> --help for its options and examples

Commands:
${list}

Options:
  -h, --help     this help
  -v, --version  the version

Examples:
  keel run --scenario high-value-refund
  keel route "check order #12345 status" --json
  keel eval-routing corpus/support-routing.jsonl --min 0.9
  keel check-config .mcp.json
`;
}

/**
 * The whole CLI as a function: parses `argv` (without node and the script path), runs one command and
 * resolves with its exit code — 0 success, 1 the answer is no (a failed run, findings), 2 usage error (with
 * --json, also one {"error": {"kind": "usage"}} object on stdout),
 * 3 awaiting approval, 4 the store is unavailable (see EXIT). Never throws: a usage error, an unavailable
 * store or an unexpected failure is printed on stderr, without a stack trace (and never a URL's password).
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const style = createStyle(colorEnabled(io));
  if (name === undefined || name === "-h" || name === "--help" || name === "help") {
    if (name === "help" && rest[0] !== undefined) return main([rest[0], "--help"], io);
    // Without a command it is a usage error: the help goes to stderr so stdout stays empty for programs.
    (name === undefined ? io.stderr : io.stdout).write(topHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === "-v" || name === "--version" || name === "version") {
    io.stdout.write(`${cliVersion()}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    const names = COMMANDS.map((known) => known.name);
    const option = name.startsWith("-");
    const hint = option ? `Unknown option "${name}".` : `Unknown command "${name}".`;
    const suggestion = suggestTopLevel(option ? name.replace(/^-+/, "") : name);
    io.stderr.write(`keel: ${hint}${suggestion} Commands: ${names.join(", ")}. Run "keel --help".\n`);
    return EXIT.usage;
  }
  const spinner = createSpinner(io.stderr, io.isTTY);
  const env = withEnvFile(io.env, io.cwd);
  try {
    return await (await command.load()).run(rest, { io, env, style, spinner });
  } catch (error) {
    spinner.stop();
    // Loaded by then with the command (its parser makes usage errors); `--help` and `--version` never need it.
    const { UsageError } = await import("./usage-error.js");
    if (UsageError.isInstance(error)) {
      // The one place a command's usage errors get its name: no message names it itself. With --json, a
      // program reading stdout gets one object too, as for an unavailable store.
      if (wantsJson(rest))
        io.stdout.write(`${JSON.stringify({ error: { kind: "usage", message: error.message } })}\n`);
      io.stderr.write(`keel ${command.name}: ${error.message}\n`);
      return EXIT.usage;
    }
    const { StoreUnavailableError, withoutPasswords } = await import("./store-unavailable.js");
    // A database URL's password, from the environment, ./.env or the command line, is never printed.
    const safe = (text: string) => withoutPasswords(text, [...Object.values(env), ...rest]);
    if (StoreUnavailableError.isInstance(error)) {
      // The one place an unavailable store gets its exit code, for every command that opens one.
      const message = safe(error.message);
      if (wantsJson(rest)) {
        io.stdout.write(`${JSON.stringify({ error: { kind: "store_unavailable", message } })}\n`);
      }
      io.stderr.write(`keel ${command.name}: ${message}\n`);
      return EXIT.storeUnavailable;
    }
    const message = safe(error instanceof Error ? error.message : String(error));
    io.stderr.write(`keel ${command.name}: unexpected failure: ${message}\n`);
    return EXIT.failed;
  }
}

/** Whether the command was asked for JSON: `--json` among its options (before a `--`). */
function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).includes("--json");
}

/**
 * " Did you mean …?" for what a mistyped first argument meant, or "": a command (`rnu` → `keel run`, `eval` →
 * `keel eval-routing`) or one of the options that stand alone (`--verison` → `keel --version`, `hlep` →
 * `keel --help`), with or without its dashes.
 */
function suggestTopLevel(typed: string): string {
  const options = new Map([
    ["help", "--help"],
    ["version", "--version"],
  ]);
  const names = [...COMMANDS.map((command) => command.name), ...options.keys()];
  return didYouMean(typed, names, (name) => `keel ${options.get(name) ?? name}`);
}
