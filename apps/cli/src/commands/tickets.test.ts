import { describe, expect, it } from "vitest";
import { onlyJson, runCli, seededDataDir, temporaryDirectory } from "../cli.test-helpers.js";

describe("keel run --backend sql and keel tickets", () => {
  it("keeps the high-value escalation as an open ticket that keel tickets lists", async () => {
    const cwd = temporaryDirectory();
    const dataDir = await seededDataDir();
    const run = await runCli(
      ["run", "--scenario", "high-value-refund", "--backend", "sql", "--data-dir", dataDir, "--json"],
      { cwd },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`PGlite store in ${dataDir}`);
    const ticketId = (onlyJson(run.stdout).escalations as { ticketId: string }[])[0]?.ticketId;

    const listed = await runCli(["tickets", "--data-dir", dataDir, "--json"], { cwd });
    expect(listed.code).toBe(0);
    const json = onlyJson(listed.stdout);
    expect(json.backend).toBe("pglite");
    expect(json.tickets).toEqual([
      expect.objectContaining({
        id: ticketId,
        status: "open",
        category: "refund_over_limit",
        customerId: "C-1001",
        pendingRequest: {
          tool: "process_refund",
          input: expect.objectContaining({ order_id: "ORD-1002", amount: 750 }),
        },
      }),
    ]);

    const people = await runCli(["tickets", "--data-dir", dataDir], { cwd });
    expect(people.stdout).toContain(`1 open ticket in the PGlite store in ${dataDir}`);
    expect(people.stdout).toContain("refund_over_limit");
    expect(people.stdout).toContain("Refund of $750.00 for order ORD-1002");
  }, 60_000);

  it("uses KEEL_DATA_DIR (as the MCP server does) when no flag names the store", async () => {
    const cwd = temporaryDirectory();
    const { code, stdout } = await runCli(["tickets", "--json"], { cwd, env: { KEEL_DATA_DIR: "store" } });
    expect(code).toBe(0);
    expect(onlyJson(stdout)).toEqual({ backend: "pglite", tickets: [] });
  }, 60_000);

  it("says the memory store has no tickets", async () => {
    const { code, stdout } = await runCli(["tickets", "--backend", "memory"]);
    expect(code).toBe(0);
    expect(stdout).toBe("No open tickets in the in-memory sample store.\n");
  });

  it("refuses --data-dir with the memory backend (exit 2)", async () => {
    const { code, stderr } = await runCli(["tickets", "--backend", "memory", "--data-dir", "x"]);
    expect(code).toBe(2);
    expect(stderr).toContain("need --backend sql");
  });
});
