import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The built bin: these tests run what `pnpm demo` runs (`test` depends on `build` in turbo.json). */
export const BUILT_DEMO = fileURLToPath(new URL("../dist/index.js", import.meta.url));

export interface DemoRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built demo to completion with a clean environment (no TTY, no colour variables, no API key). */
export function runBuiltDemo(args: readonly string[] = []): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_DEMO, ...args], {
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
