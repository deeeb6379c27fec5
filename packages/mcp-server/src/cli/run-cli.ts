import { COMMAND_LINE_EXIT } from "@keel/command-line";
import { KeelMcpConfigError } from "../config-error.js";
import { SERVER_VERSION } from "../version.js";
import { type CliCommand, parseCliArguments } from "./arguments.js";
import type { CliDependencies } from "./cli-dependencies.js";
import { USAGE } from "./usage.js";

/**
 * The `keel-mcp` command: resolves to the exit code once the server has stopped (0 after SIGTERM,
 * SIGINT or the client closing stdin; 1 when the store or the listener fails; 2 for usage and
 * configuration errors). Help and version go to stdout; everything else to stderr.
 */
export async function runCli(
  argv: readonly string[],
  environment: NodeJS.ProcessEnv = process.env,
  dependencies: CliDependencies = {},
): Promise<number> {
  let command: CliCommand;
  try {
    command = parseCliArguments(argv, environment, process.cwd());
  } catch (error) {
    const usage = KeelMcpConfigError.isInstance(error);
    process.stderr.write(`keel-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    return usage ? COMMAND_LINE_EXIT.usage : 1;
  }
  if (command.kind === "help") {
    process.stdout.write(USAGE);
    return COMMAND_LINE_EXIT.ok;
  }
  if (command.kind === "version") {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return COMMAND_LINE_EXIT.ok;
  }
  // The server, its store drivers, the SDKs and OpenTelemetry load only to serve: --help, --version and a
  // usage error answer at once.
  const { serveCommand } = await import("./serve-command.js");
  return serveCommand(command, environment, dependencies);
}
