import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ScriptedClient } from "@keel/loop";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentRegistry } from "./agent-registry.js";
import { type DurableRuns, openDurableRuns } from "./durable-runs.js";

const agents: AgentRegistry = {
  echo: () => ({
    client: new ScriptedClient(() => ({
      content: [{ type: "text", text: "Hello." }],
      stop_reason: "end_turn",
    })),
    model: "m",
  }),
};

let runs: DurableRuns | undefined;
let dir: string | undefined;
afterEach(async () => {
  await runs?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

async function open() {
  dir = await mkdtemp(join(tmpdir(), "keel-durable-"));
  runs = await openDurableRuns({ dataDir: join(dir, "runs") });
  return runs;
}

async function until(runs: DurableRuns, runId: string, done: (status: string) => boolean) {
  for (let tick = 0; tick < 200; tick += 1) {
    const run = await runs.getRun(runId);
    if (run !== undefined && done(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not get there`);
}

describe("durable runs on the embedded default", () => {
  it("queues a run that a worker completes, with its text", async () => {
    const store = await open();
    const runId = await store.enqueueRun({ agent: "echo", prompt: "Hi" });
    expect((await store.getRun(runId))?.status).toBe("queued");
    await store.startWorker({ agents, leaseSeconds: 2, pollingSeconds: 0.5 });
    const run = await until(store, runId, (status) => status === "completed");
    expect(run.result?.text).toBe("Hello.");
    expect(run.attempts).toBe(1);
    expect((await store.listRuns()).map((listed) => listed.runId)).toEqual([runId]);
  });

  it("cancels a queued run: no worker ever asks the model for it", async () => {
    const store = await open();
    const runId = await store.enqueueRun({ agent: "echo", prompt: "Hi" });
    expect((await store.cancelRun(runId))?.status).toBe("cancelled");
    await store.startWorker({ agents, leaseSeconds: 2, pollingSeconds: 0.5 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const run = await store.getRun(runId);
    expect(run?.status).toBe("cancelled");
    expect(run?.attempts).toBe(0);
  });

  it("ends a run whose agent no worker knows with model_error naming it", async () => {
    const store = await open();
    const runId = await store.enqueueRun({ agent: "nobody", prompt: "Hi" });
    await store.startWorker({ agents, leaseSeconds: 2, pollingSeconds: 0.5 });
    const run = await until(store, runId, (status) => status !== "queued" && status !== "running");
    expect(run.status).toBe("model_error");
    expect(run.result?.error?.message).toContain('"nobody"');
  });
});

describe("enqueueRun", () => {
  it("stores no run when its job cannot be queued: the row and the job commit together", async () => {
    const store = await open();
    // Another connection, through the folder's owner (this process), makes pg-boss's insert fail.
    const client = new pg.Client({ host: join(dir!, "runs"), port: 5432, user: "postgres" });
    await client.connect();
    await client.query(`CREATE FUNCTION public.refuse() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'no jobs today'; END $$`);
    await client.query(
      "CREATE TRIGGER refuse BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION public.refuse()",
    );
    await expect(store.enqueueRun({ agent: "echo", prompt: "Hi" })).rejects.toThrow(/no jobs today/);
    expect(await store.listRuns()).toEqual([]);
    await client.query("DROP TRIGGER refuse ON pgboss.job");
    await client.end();
    const runId = await store.enqueueRun({ agent: "echo", prompt: "Hi" });
    expect((await store.listRuns()).map((run) => run.runId)).toEqual([runId]);
  });
});
