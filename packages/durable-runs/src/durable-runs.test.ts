import { join } from "node:path";
import { ScriptedClient } from "@keel/loop";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { AgentRegistry } from "./agent-registry.js";
import { openDurableRuns } from "./durable-runs.js";
import { ended, temporaryRuns, untilStatus } from "./durable-runs.test-helpers.js";

const agents: AgentRegistry = {
  echo: () => ({
    client: new ScriptedClient(() => ({
      content: [{ type: "text", text: "Hello." }],
      stop_reason: "end_turn",
    })),
    model: "m",
  }),
};

const temporary = temporaryRuns("keel-durable-");
const open = () => temporary.open();

describe("durable runs on the embedded default", () => {
  it("queues a run that a worker completes, with its text", async () => {
    const store = await open();
    const runId = await store.enqueueRun({ agent: "echo", prompt: "Hi" });
    expect((await store.getRun(runId))?.status).toBe("queued");
    await store.startWorker({ agents, leaseSeconds: 2, pollingSeconds: 0.5 });
    const run = await untilStatus(store, runId, ["completed"]);
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
    const run = await untilStatus(store, runId, ended);
    expect(run.status).toBe("model_error");
    expect(run.result?.error?.message).toContain('"nobody"');
  });

  it("ends a run that fails deterministically once, and it never holds up the others (concurrency 2)", async () => {
    const store = await open();
    const failing: AgentRegistry = {
      ...agents,
      broken: () => {
        throw new Error("no settings for this run");
      },
      refused: () => ({ ...agents.echo!({ runId: "", metadata: {}, decided: false }), maxIterations: -5 }),
    };
    const broken = await store.enqueueRun({ agent: "broken", prompt: "Hi" });
    const refused = await store.enqueueRun({ agent: "refused", prompt: "Hi" });
    const good = await store.enqueueRun({ agent: "echo", prompt: "Hi" });
    await store.startWorker({ agents: failing, concurrency: 2, leaseSeconds: 2, pollingSeconds: 0.5 });
    expect((await untilStatus(store, good, ["completed"])).result?.text).toBe("Hello.");
    const brokenRun = await untilStatus(store, broken, ended);
    expect(brokenRun).toMatchObject({ status: "model_error", attempts: 1 });
    expect(brokenRun.result?.error?.message).toMatch(/"broken" could not be built: no settings for this run/);
    const refusedRun = await untilStatus(store, refused, ended);
    expect(refusedRun).toMatchObject({ status: "model_error", attempts: 1 });
    expect(refusedRun.result?.error?.message).toMatch(/maxIterations/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await store.getRun(broken))?.attempts).toBe(1); // not retried
  });
});

describe("leaseSeconds", () => {
  it.each([0, 86_401, 100_000_000, Number.NaN])(
    "refuses %d: from 1 to 86,400 (a day)",
    async (leaseSeconds) => {
      await expect(openDurableRuns({ dataDir: "unused", leaseSeconds })).rejects.toThrow(
        /leaseSeconds must be a number from 1 to 86400 \(a day\)/,
      );
    },
  );
});

describe("enqueueRun", () => {
  it.each([
    [{ agent: "echo", prompt: "" }, /`prompt` must be a non-empty string/],
    [{ agent: "echo", prompt: "  " }, /`prompt` must be a non-empty string/],
    [{ agent: "echo", messages: [] }, /`messages` must be a non-empty array/],
    [{ agent: "echo" }, /exactly one of `prompt` and `messages`/],
  ])("refuses %j before storing anything", async (request, message) => {
    const store = await open();
    await expect(store.enqueueRun(request)).rejects.toThrow(message);
    expect(await store.listRuns()).toEqual([]);
  });

  it("stores no run when its job cannot be queued: the row and the job commit together", async () => {
    const store = await open();
    // Another connection, through the folder's owner (this process), makes pg-boss's insert fail.
    const client = new pg.Client({ host: join(temporary.folder(), "runs"), port: 5432, user: "postgres" });
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
