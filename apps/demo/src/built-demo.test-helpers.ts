import { fileURLToPath } from "node:url";
import { type ProcessRun, runNodeScript } from "@keel/testkit/process";

/** The built bin: these tests run what `pnpm demo` runs (`test` depends on `build` in turbo.json). */
export const BUILT_DEMO = fileURLToPath(new URL("../dist/index.js", import.meta.url));

/** Runs the built demo to completion with a clean environment (no TTY, no colour variables, no API key). */
export function runBuiltDemo(args: readonly string[] = []): Promise<ProcessRun> {
  return runNodeScript(BUILT_DEMO, args);
}
