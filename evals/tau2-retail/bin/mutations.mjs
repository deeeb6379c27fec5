#!/usr/bin/env node
// The mutation benchmark of evals/tau2-retail (see its README): Keel's policy hooks vs the naive surface.
import { register } from "node:module";

register("./source-loader.mjs", import.meta.url);
const { mutationMain } = await import("../src/mutations/mutation-cli.ts");
process.exitCode = await mutationMain(process.argv.slice(2));
