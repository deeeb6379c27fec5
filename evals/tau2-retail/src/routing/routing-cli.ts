import { type Io, readBinOptions } from "../cli.js";
import { routeReasons, routingTable } from "./reason-routing.js";

export const ROUTING_HELP = `Route each τ² retail task's reason_for_call with @keel/tools' route over the retail catalog and
compare the answer with the task's first gold write. Prints a Markdown row per split, then the unsafe
routes (a different write tool than the first gold write).

Usage: node evals/tau2-retail/bin/routing.mjs

  -h, --help  this help

Exit codes: 0 the benchmark ran (unsafe routes are reported, not failures), 2 usage error.
`;

/** The router benchmark command; returns the exit code. */
export function routingMain(argv: readonly string[], io: Io = process): number {
  const read = readBinOptions("routing", argv, {}, ROUTING_HELP, io);
  if ("exit" in read) return read.exit;
  const routings = routeReasons();
  io.stdout.write(
    `${routingTable(routings)}\n\nUnsafe (a different write tool than the first gold write):\n`,
  );
  for (const routing of routings.filter((entry) => entry.verdict === "other-write"))
    io.stdout.write(`  task ${routing.task_id}: ${routing.expected} → ${routing.routed}\n`);
  return 0;
}
