import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startNodeScript } from "@keel/testkit/process";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DurableRuns, openDurableRuns } from "./durable-runs.js";

// A worker started beside a process that already owns the PGlite folder reaches the folder through that
// owner's socket. When the owner exits (or is killed), the worker takes the folder over and goes on taking runs.
const OWNER = fileURLToPath(new URL("./__fixtures__/owner.mjs", import.meta.url));
const WORKER = fileURLToPath(new URL("./__fixtures__/worker.mjs", import.meta.url));

beforeAll(() => {
  // The processes import the built package.
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
  });
}, 120_000);

let runs: DurableRuns | undefined;
let dir = "";
afterEach(async () => {
  await runs?.close();
  runs = undefined;
  await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lockOwner = (runsDir: string) => {
  try {
    return Number(readFileSync(join(runsDir, "keel-owner.pid"), "utf8"));
  } catch {
    return undefined;
  }
};

describe.skipIf(process.env.DATABASE_URL)(
  "a worker beside the folder's owner, when that owner goes away",
  () => {
    it.each(["SIGTERM", "SIGKILL"] as const)(
      "the owner ends by %s: the worker takes the folder over and runs what is queued",
      async (signal) => {
        dir = await mkdtemp(join(tmpdir(), "keel-takeover-"));
        const runsDir = join(dir, "runs");
        const env = { DESK_DIR: dir, RUNS_DIR: runsDir };
        const owner = startNodeScript(OWNER, [], { env });
        await owner.waitForStderr("ready");
        const worker = startNodeScript(WORKER, [], { env });
        await worker.waitForStderr("ready");
        expect(lockOwner(runsDir)).toBe(owner.child.pid);
        await owner.stop(signal);
        for (let tick = 0; tick < 100 && lockOwner(runsDir) !== worker.child.pid; tick += 1) await sleep(100);
        expect(lockOwner(runsDir)).toBe(worker.child.pid);
        // This process now reaches the folder through the worker.
        runs = await openDurableRuns({ dataDir: runsDir, leaseSeconds: 2 });
        const runId = await runs.enqueueRun({ agent: "desk", prompt: "Refund O-1" });
        let status = "";
        for (let tick = 0; tick < 300 && status !== "completed"; tick += 1) {
          status = (await runs.getRun(runId))?.status ?? "";
          await sleep(100);
        }
        expect(status).toBe("completed");
        expect(await worker.stop()).toBe(0);
      },
      60_000,
    );
  },
);
