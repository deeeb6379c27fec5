#!/usr/bin/env node
// Live mode of evals/tau2-retail (see its README): Keel's agent against Claude with a simulated user, or a
// recorded run replayed offline. Runs the TypeScript sources through the source loader: no build needed.
import { register } from "node:module";

register("./source-loader.mjs", import.meta.url);
const { evalMain } = await import("../src/live/eval-cli.ts");
process.exitCode = await evalMain(process.argv.slice(2));
