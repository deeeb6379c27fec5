import { parseArgs } from "node:util";
import { KeelConfigError } from "@keel/errors";

export type DemoCommand = { readonly kind: "help" } | { readonly kind: "run"; readonly json: boolean };

/** A command line the demo does not understand; the message says what was wrong. */
export class DemoUsageError extends KeelConfigError<"USAGE"> {
  static override readonly errorName = "DemoUsageError";

  constructor(message: string) {
    super("USAGE", message);
  }
}

export const USAGE = `keel-demo — the whole Keel story, offline and deterministic (no API key, no network)

Usage: pnpm demo [-- --json]        (from the repository root; builds first)
       node apps/demo/dist/index.js [--json] [--help]

Runs the three support scenarios of reference 000 through runAgent, the business hooks and the SQL
store (PGlite in memory), then the four sections of reference 002 (routing, error categories, access
failure vs valid empty, cap basis) through the Keel MCP server over stdio. Every section checks its
own expectations.

Options:
  --json    print one JSON object (ok, checks, scenarios, store, sections) instead of text
  --help    show this help

Exit codes: 0 when every check passed, 1 when one failed, 2 for a usage error.
Colour only on a terminal; NO_COLOR turns it off, FORCE_COLOR on.
`;

/** Parses the demo's flags. Throws DemoUsageError for anything else. */
export function parseDemoArguments(argv: readonly string[]): DemoCommand {
  let values: { json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    throw new DemoUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: "help" };
  return { kind: "run", json: values.json === true };
}
