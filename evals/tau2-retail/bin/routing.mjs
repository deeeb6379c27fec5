#!/usr/bin/env node
// The router benchmark of evals/tau2-retail (see its README): the library's route on each task's
// reason_for_call against its first gold write, one Markdown row per split, then the unsafe routes.
import { register } from "node:module";

register("./source-loader.mjs", import.meta.url);
const { routingMain } = await import("../src/routing/routing-cli.ts");
process.exitCode = routingMain(process.argv.slice(2));
