export type {
  CommandLine,
  CommandLineCommand,
  CommandLineProgram,
  CommandSpec,
  HelpContext,
} from "./command-line.js";
export { COMMAND_LINE_EXIT, commandLine } from "./command-line.js";
