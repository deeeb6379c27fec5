import { parseArgs } from "node:util";
import { routeReasons, routingTable } from "./reason-routing.js";

export const ROUTING_HELP = `Route each τ² retail task's reason_for_call with @keel/tools' route over the retail catalog and
compare the answer with the task's first gold write. Prints a Markdown row per split, then the unsafe
routes (a different write tool than the first gold write).

Usage: node evals/tau2-retail/bin/routing.mjs

  -h, --help  this help

Exit codes: 0 the benchmark ran (unsafe routes are reported, not failures), 2 usage error.
`;

interface Io {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/** The router benchmark command; returns the exit code. */
export function routingMain(argv: readonly string[], io: Io = process): number {
  let help: boolean | undefined;
  try {
    ({
      values: { help },
    } = parseArgs({
      args: [...argv],
      options: { help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr.write(`routing: ${error instanceof Error ? error.message : String(error)}\n\n${ROUTING_HELP}`);
    return 2;
  }
  if (help) {
    io.stdout.write(ROUTING_HELP);
    return 0;
  }
  const routings = routeReasons();
  io.stdout.write(
    `${routingTable(routings)}\n\nUnsafe (a different write tool than the first gold write):\n`,
  );
  for (const routing of routings.filter((entry) => entry.verdict === "other-write"))
    io.stdout.write(`  task ${routing.task_id}: ${routing.expected} → ${routing.routed}\n`);
  return 0;
}
