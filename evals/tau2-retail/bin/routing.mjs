#!/usr/bin/env node
// The router benchmark of evals/tau2-retail (see its README): the library's route on each task's
// reason_for_call against its first gold write, one Markdown row per split, then the unsafe routes.
import { register } from "node:module";

register("./source-loader.mjs", import.meta.url);
const { routeReasons, routingTable } = await import("../src/routing/reason-routing.ts");
const routings = routeReasons();
const unsafe = routings.filter((routing) => routing.verdict === "other-write");
process.stdout.write(
  `${routingTable(routings)}\n\nUnsafe (a different write tool than the first gold write):\n`,
);
for (const routing of unsafe)
  process.stdout.write(`  task ${routing.task_id}: ${routing.expected} → ${routing.routed}\n`);
