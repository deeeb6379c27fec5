import { statSync } from "node:fs";
import { join } from "node:path";
import { createSqlBackend } from "@keel/support-desk";
import { describe, expect, it } from "vitest";
import { onlyJson, runCli, seededDataDir, temporaryDirectory } from "../cli.test-helpers.js";

const KEY = { KEEL_APPROVAL_KEY: "k".repeat(40) };

async function heldRun() {
  const cwd = temporaryDirectory();
  const dataDir = await seededDataDir();
  const run = await runCli(
    ["run", "--scenario", "high-value-refund", "--backend", "sql", "--data-dir", dataDir, "--hold", "--json"],
    { cwd },
  );
  return { cwd, dataDir, run, json: onlyJson(run.stdout) };
}

async function refundsOf(dataDir: string, orderId: string) {
  const backend = await createSqlBackend({ dataDir });
  try {
    const listed = await backend.listRefunds(orderId);
    return listed.kind === "listed" ? listed.refunds.map((refund) => refund.amountCents) : [];
  } finally {
    await backend.close();
  }
}

describe("keel run --hold, then keel tickets approve|reject: a person decides, the run resumes", () => {
  it("pauses the $750 refund in a ticket (exit 3), and an approval pays it exactly once and answers", async () => {
    const { cwd, dataDir, run, json } = await heldRun();
    expect(run.code).toBe(3);
    expect(json).toMatchObject({ status: "awaiting_approval", ticket: expect.stringMatching(/^T-\d+$/) });
    expect(typeof json.runId).toBe("string");
    const ticket = json.ticket as string;

    const listed = onlyJson((await runCli(["tickets", "--data-dir", dataDir, "--json"], { cwd })).stdout);
    expect(listed.tickets).toEqual([
      expect.objectContaining({
        id: ticket,
        pendingRequest: expect.objectContaining({ held_run: expect.any(Object) }),
      }),
    ]);
    expect(await refundsOf(dataDir, "ORD-1002")).toEqual([]);

    const approved = await runCli(
      ["tickets", "approve", ticket, "--note", "loyal customer", "--data-dir", dataDir, "--json"],
      {
        cwd,
        env: KEY,
      },
    );
    expect(approved.code).toBe(0);
    expect(onlyJson(approved.stdout)).toMatchObject({
      status: "completed",
      runId: json.runId,
      repeated: false,
    });
    expect(String(onlyJson(approved.stdout).text)).toContain("approved your refund");
    expect(await refundsOf(dataDir, "ORD-1002")).toEqual([75_000]);

    const again = await runCli(["tickets", "approve", ticket, "--data-dir", dataDir, "--json"], {
      cwd,
      env: KEY,
    });
    expect(again.code).toBe(0);
    expect(onlyJson(again.stdout)).toMatchObject({
      status: "completed",
      repeated: true,
      decision: "approved: loyal customer",
    });
    expect(await refundsOf(dataDir, "ORD-1002")).toEqual([75_000]);

    const contradicted = await runCli(
      ["tickets", "reject", ticket, "--reason", "no", "--data-dir", dataDir],
      { cwd, env: KEY },
    );
    expect(contradicted.code).toBe(1);
    expect(contradicted.stderr).toContain("already decided");
  }, 120_000);

  it("a rejection pays nothing and the conversation ends telling the customer why", async () => {
    const { cwd, dataDir, json } = await heldRun();
    const rejected = await runCli(
      [
        "tickets",
        "reject",
        json.ticket as string,
        "--reason",
        "a voucher was issued instead",
        "--data-dir",
        dataDir,
        "--json",
      ],
      { cwd, env: KEY },
    );
    expect(rejected.code).toBe(0);
    expect(String(onlyJson(rejected.stdout).text)).toContain("declined");
    expect(String(onlyJson(rejected.stdout).text)).toContain("a voucher was issued instead");
    expect(await refundsOf(dataDir, "ORD-1002")).toEqual([]);
  }, 120_000);

  it("approves out of the box on a PGlite folder: it makes the folder's key (mode 0600) once and says so", async () => {
    const { cwd, dataDir, json } = await heldRun();
    const ticket = json.ticket as string;
    const first = await runCli(["tickets", "approve", ticket, "--data-dir", dataDir, "--json"], { cwd });
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(`made an approval key for this store in ${join(dataDir, "approval.key")}`);
    expect(statSync(join(dataDir, "approval.key")).mode & 0o777).toBe(0o600);
    expect(await refundsOf(dataDir, "ORD-1002")).toEqual([75_000]);
    // Another process on the same folder signs with the same key: the repeat is recognised, nothing more paid.
    const again = await runCli(["tickets", "approve", ticket, "--data-dir", dataDir, "--json"], { cwd });
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain("made an approval key");
    expect(onlyJson(again.stdout)).toMatchObject({ repeated: true });
    expect(await refundsOf(dataDir, "ORD-1002")).toEqual([75_000]);
  }, 120_000);

  it("refuses a KEEL_APPROVAL_KEY shorter than 32 bytes, and decides nothing", async () => {
    const { cwd, dataDir, json } = await heldRun();
    const unsigned = await runCli(["tickets", "approve", json.ticket as string, "--data-dir", dataDir], {
      cwd,
      env: { KEEL_APPROVAL_KEY: "short" },
    });
    expect(unsigned.code).toBe(2);
    expect(unsigned.stderr).toContain("KEEL_APPROVAL_KEY is shorter than 32 bytes");
    expect(await refundsOf(dataDir, "ORD-1002")).toEqual([]);
  }, 120_000);
});
