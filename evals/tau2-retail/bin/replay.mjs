#!/usr/bin/env node
// The replay interface of evals/tau2-retail (see its README). Runs the TypeScript sources directly: the
// source loader transpiles them with the workspace's TypeScript, so no build step is needed.
import { register } from "node:module";

register("./source-loader.mjs", import.meta.url);
const { replayMain } = await import("../src/replay/replay-cli.ts");
process.exitCode = await replayMain(process.argv.slice(2));
