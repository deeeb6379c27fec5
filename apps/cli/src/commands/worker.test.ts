import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startNodeScript } from "@keel/testkit/process";
import { describe, expect, it } from "vitest";
import { CLI_ROOT, runCli, temporaryDirectory } from "../cli.test-helpers.js";

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
    expect((await runCli(["tickets", "approve", held, "--note", "loyal", ...data], { cwd })).code).toBe(0);
    const approved = await runCli(["runs", "show", held, "--json", ...data], { cwd });
    expect(JSON.parse(approved.stdout).status).not.toBe("awaiting_approval");
    const paid = await runCli(["runs", "wait", held, "--json", ...data], { cwd });
    expect(paid.code).toBe(0);
    // The answer of `keel tickets approve` on a run it holds: what was paid, not the script's next step.
    expect(JSON.parse(paid.stdout).result.text).toMatch(
      /^A supervisor approved your refund: refund R-\d+ of \$750\.00 for order ORD-\d+ has been paid\.$/,
    );

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
    const listed = JSON.parse((await runCli(["runs", "--json", ...data], { cwd })).stdout);
    expect(listed.runs).toHaveLength(4);

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
});

describe("usage errors of the durable commands", () => {
  it.each([
    [["runs", "frob"], /Unknown subcommand "frob"/],
    [["runs", "wait"], /wait needs one run id/],
    [["worker", "--backend", "memory"], /keeps runs in a database/],
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
