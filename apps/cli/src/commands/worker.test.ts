import { writeFileSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { join } from "node:path";
import { startNodeScript } from "@keel/testkit/process";
import { describe, expect, it } from "vitest";
import { CLI_ROOT, helpFragments, helpText, runCli, temporaryDirectory } from "../cli.test-helpers.js";

const BIN = `${CLI_ROOT}dist/index.js`;

describe.sequential("keel worker, keel run --enqueue and keel runs, with a real worker process", () => {
  it("runs enqueued runs beside the worker, holds one for approval, never runs a cancelled one, drains on SIGTERM", async () => {
    const cwd = temporaryDirectory();
    const data = ["--data-dir", join(cwd, "data")];
    const script = join(cwd, "answers.json");
    writeFileSync(script, JSON.stringify([{ content: [{ type: "text", text: "Shipped yesterday." }] }]));

    // Queued before any worker: this process owns the queue's folder for the moment.
    const cancelled = JSON.parse(
      (
        await runCli(["run", "Where is ORD-1005?", "--script", script, "--enqueue", "--json", ...data], {
          cwd,
        })
      ).stdout,
    ).runId as string;
    expect((await runCli(["runs", "cancel", cancelled, ...data], { cwd })).code).toBe(0);

    const worker = startNodeScript(BIN, ["worker", ...data, "--lease-seconds", "2"], {
      env: { NO_COLOR: "1" },
    });
    await worker.waitForStderr("ready");
    // Beside the running worker: through its socket.
    const scripted = await runCli(
      ["run", "Where is ORD-1005?", "--script", "answers.json", "--enqueue", ...data],
      {
        cwd,
      },
    );
    expect(scripted.code).toBe(0);
    const runId = scripted.stdout.trim();
    // The hint names the same store: without --data-dir it would wait on ./.keel-data.
    expect(scripted.stderr).toContain(`keel runs wait ${runId} --data-dir ${join(cwd, "data")}\n`);
    const waited = await runCli(["runs", "wait", runId, "--json", ...data], { cwd });
    expect(waited.code).toBe(0);
    expect(JSON.parse(waited.stdout)).toMatchObject({
      status: "completed",
      result: { text: "Shipped yesterday." },
    });

    const held = (
      await runCli(["run", "--scenario", "high-value-refund", "--hold", "--enqueue", ...data], { cwd })
    ).stdout.trim();
    expect((await runCli(["runs", "wait", held, ...data], { cwd })).code).toBe(3);
    const shown = await runCli(["runs", "show", held, ...data], { cwd });
    expect(shown.stdout).toContain(`keel tickets approve ${held} --data-dir ${join(cwd, "data")} |`);
    const approving = await runCli(["tickets", "approve", held, "--note", "loyal", ...data], { cwd });
    expect(approving.code).toBe(0);
    expect(approving.stdout).toContain(`(keel runs wait ${held} --data-dir ${join(cwd, "data")})`);
    const approved = await runCli(["runs", "show", held, "--json", ...data], { cwd });
    expect(JSON.parse(approved.stdout).status).not.toBe("awaiting_approval");
    const paid = await runCli(["runs", "wait", held, "--json", ...data], { cwd });
    expect(paid.code).toBe(0);
    // The answer of `keel tickets approve` on a run it holds: what was paid, not the script's next step.
    expect(JSON.parse(paid.stdout).result.text).toMatch(
      /^A supervisor approved your refund: refund R-\d+ of \$750\.00 for order ORD-\d+ has been paid\.$/,
    );

    // An ended run cannot be cancelled: exit 1, and with --json one error object with its status.
    const ended = await runCli(["runs", "cancel", held, "--json", ...data], { cwd });
    expect(ended.code).toBe(1);
    expect(JSON.parse(ended.stdout)).toEqual({
      error: {
        kind: "not_cancellable",
        message: `${held} already ended (completed); nothing to cancel.`,
        status: "completed",
      },
    });

    const declined = (
      await runCli(["run", "--scenario", "high-value-refund", "--hold", "--enqueue", ...data], { cwd })
    ).stdout.trim();
    expect((await runCli(["runs", "wait", declined, ...data], { cwd })).code).toBe(3);
    const reason = ["--reason", "over the quarterly limit"];
    expect((await runCli(["tickets", "reject", declined, ...reason, ...data], { cwd })).code).toBe(0);
    const told = await runCli(["runs", "wait", declined, "--json", ...data], { cwd });
    expect(JSON.parse(told.stdout).result.text).toBe(
      "A supervisor reviewed your refund and declined it, so nothing was paid: over the quarterly limit.",
    );

    const gone = await runCli(["runs", "wait", cancelled, "--json", ...data], { cwd });
    expect(gone.code).toBe(1);
    expect(JSON.parse(gone.stdout)).toMatchObject({ status: "cancelled", attempts: 0 });
    // A run awaiting approval is held, not ended: cancel succeeds.
    const waiting = (
      await runCli(["run", "--scenario", "high-value-refund", "--hold", "--enqueue", ...data], { cwd })
    ).stdout.trim();
    expect((await runCli(["runs", "wait", waiting, ...data], { cwd })).code).toBe(3);
    const dropped = await runCli(["runs", "cancel", waiting, "--json", ...data], { cwd });
    expect(dropped.code).toBe(0);
    expect(JSON.parse(dropped.stdout)).toMatchObject({ status: "cancelled" });

    const listed = JSON.parse((await runCli(["runs", "--json", ...data], { cwd })).stdout);
    expect(listed.runs).toHaveLength(5);
    expect(listed).not.toHaveProperty("limit"); // 5 of at most 50: the list is whole
    // Exactly --limit runs: the list may be cut, and says so (a field with --json, a line on stderr in text).
    const cut = await runCli(["runs", "--json", "--limit", "5", ...data], { cwd });
    expect(JSON.parse(cut.stdout)).toMatchObject({ limit: 5, runs: expect.any(Array) });
    expect(JSON.parse(cut.stdout).runs).toHaveLength(5);
    const three = await runCli(["runs", "--limit", "3", ...data], { cwd });
    expect(three.code).toBe(0);
    expect(three.stdout.trim().split("\n")).toHaveLength(3);
    expect(three.stderr).toBe(
      "keel runs: showing the newest 3 runs; --limit N shows more (at most 10000).\n",
    );
    expect((await runCli(["runs", "--limit", "6", ...data], { cwd })).stderr).toBe("");

    expect(await worker.stop()).toBe(0);
    expect(worker.stderr()).toContain(`settled ${runId} completed`);
    expect(worker.stderr()).not.toContain(cancelled);
    expect(worker.stderr()).toContain("draining");
  }, 120_000);
});

describe("keel worker --help", () => {
  it("gives the lease's range as the code checks it: 1 to 86400 s", async () => {
    expect((await runCli(["worker", "--help"])).stdout).toContain("(default 20, 1 to 86400)");
  });

  it("gives the bounds of --concurrency and --max-model-requests, what a drain does, and the slot's 60 s", async () => {
    const help = await helpText("worker");
    for (const fragment of helpFragments("worker")) expect(help).toContain(fragment);
  });
});

describe.sequential("keel worker draining, with a run held in a model request that never answers", () => {
  it("says what a drain does on the first SIGTERM, and a second SIGTERM exits at once (143)", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    const live = {
      ANTHROPIC_API_KEY: "sk-ant-test-0000",
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    };
    const cwd = temporaryDirectory();
    const data = ["--data-dir", join(cwd, "data")];
    try {
      const queued = await runCli(["run", "Where is ORD-1005?", "--enqueue", ...data], { cwd, env: live });
      expect(queued.code).toBe(0);
      const worker = startNodeScript(BIN, ["worker", ...data], { env: { NO_COLOR: "1", ...live } });
      await worker.waitForStderr("took");
      // The model request is out (the silent server holds its connection): the run is held.
      await new Promise((resolve) => setTimeout(resolve, 300));
      worker.child.kill("SIGTERM");
      await worker.waitForStderr("draining");
      expect(worker.stderr().replace(/\s+/g, " ")).toContain(
        "draining: no new runs; held runs stop at their next checkpoint (a model response or a tool batch); " +
          "a second SIGTERM/Ctrl-C exits at once and another worker takes them after the lease",
      );
      const started = Date.now();
      expect(await worker.stop("SIGTERM")).toBe(143);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 60_000);
});

describe("usage errors of the durable commands", () => {
  it.each([
    [["runs", "frob"], /Unknown subcommand "frob"/],
    [["runs", "wait"], /wait needs one run id/],
    [["worker", "--backend", "memory"], /^keel worker: queued runs are kept in a database/],
    [["runs", "--backend", "memory"], /^keel runs: queued runs are kept in a database/],
    [["run", "--scenario", "low-value-refund", "--enqueue", "--backend", "memory"], /^keel run: queued runs/],
    [["worker", "--concurrency", "100000000"], /--concurrency needs a whole number from 1 to 1000,/],
    [["worker", "--concurrency", "1001"], /--concurrency/],
    [
      ["worker", "--max-model-requests", "10001"],
      /--max-model-requests needs a whole number from 1 to 10000,/,
    ],
    [["runs", "--limit", "0"], /--limit needs a whole number from 1 to 10000,/],
    [["runs", "--limit", "10001"], /--limit needs a whole number from 1 to 10000,/],
    [["runs", "--limit", "ten"], /--limit/],
    [["runs", "show", "abc", "--limit", "5"], /--limit is for the list/],
    [["worker", "--lease-seconds", "0"], /--lease-seconds/],
    [["worker", "--lease-seconds", "100000000"], /--lease-seconds.*86400/],
    [
      ["run", "--scenario", "low-value-refund", "--enqueue", "--trace", "t.json"],
      /--trace belongs to the process/,
    ],
  ])("keel %j exits 2", async (argv, message) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
