import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { capturedIo } from "../cli.test-helpers.js";
import { loadExpectedDigests } from "../gold/tasks.js";
import { replayMain } from "./replay-cli.js";

const BIN = fileURLToPath(new URL("../../bin/replay.mjs", import.meta.url));
const run = promisify(execFile);

async function replay(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function trajectoryFile(lines: unknown[]): string {
  const file = join(mkdtempSync(join(tmpdir(), "tau2-replay-")), "in.jsonl");
  writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return file;
}

describe("bin/replay.mjs", () => {
  it("prints its help", async () => {
    const { code, stdout } = await replay(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("--in FILE.jsonl [--naive] [--json]");
  });

  it("writes one JSON line per trajectory with the digest and each call's decision and outcome", async () => {
    const file = trajectoryFile([
      {
        id: "cancel-delivered",
        task_id: "0",
        steps: [
          { user: "I am Yusuf Rossi, zip 19122." },
          {
            calls: [
              {
                name: "find_user_id_by_name_zip",
                arguments: { first_name: "Yusuf", last_name: "Rossi", zip: "19122" },
              },
            ],
          },
          {
            calls: [
              { name: "get_order_details", arguments: { order_id: "#W2378156" } },
              { name: "get_order_details", arguments: { order_id: "#W0000000" } },
            ],
          },
          { assistant: "Cancel #W2378156 because it is no longer needed?" },
          { user: "yes" },
          {
            calls: [
              {
                name: "cancel_pending_order",
                arguments: { order_id: "#W2378156", reason: "no longer needed" },
              },
            ],
          },
        ],
      },
      { id: "nothing", task_id: "1", steps: [] },
    ]);
    const { code, stdout } = await replay(["--in", file, "--naive", "--json"]);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const pristine = loadExpectedDigests().pristine;
    // A step as the JSON line shows it: every call allowed, since --naive runs no policy hook.
    const allowed = (
      name: string,
      outcome: string,
      category: string | null = null,
      code: string | null = null,
    ) => ({
      name,
      decision: "allow",
      hook: null,
      outcome,
      category,
      code,
    });
    expect(lines).toEqual([
      {
        id: "cancel-delivered",
        task_id: "0",
        digest: pristine,
        steps: [
          allowed("find_user_id_by_name_zip", "success"),
          allowed("get_order_details", "success"),
          allowed("get_order_details", "empty", null, "ORDER_NOT_FOUND"),
          allowed("cancel_pending_order", "error", "business", "ORDER_NOT_PENDING"),
        ],
      },
      { id: "nothing", task_id: "1", digest: pristine, steps: [] },
    ]);
  });
});

// The error paths in-process: the same function the binary calls, without a process start per case.
describe("replayMain", () => {
  const captured = capturedIo;

  it("exits 2 on a malformed line, naming it", async () => {
    const { out, io } = captured();
    const file = trajectoryFile([{ id: "x", task_id: "0", steps: [{ said: "hi" }] }]);
    expect(await replayMain(["--in", file, "--json"], io)).toBe(2);
    expect(out.stderr).toContain("line 1");
  });

  it.each([
    [null, "must be an object of the tool's arguments"],
    ["x", "must be an object of the tool's arguments"],
    [[1, 2], "must be an object of the tool's arguments"],
    [undefined, "missing: each call needs its arguments"],
  ])("exits 2 naming the line when a call's arguments are %j", async (args, message) => {
    const { out, io } = captured();
    const file = trajectoryFile([
      { id: "ok", task_id: "90", steps: [] },
      {
        id: "bad",
        task_id: "90",
        steps: [{ user: "hi" }, { calls: [{ name: "calculate", arguments: args }] }],
      },
    ]);
    expect(await replayMain(["--in", file, "--json"], io)).toBe(2);
    expect(out.stderr).toContain("line 2: steps.1.calls.0.arguments:");
    expect(out.stderr).toContain(message);
    expect(out.stdout).toBe("");
  });

  it("replays a gold action pasted from tasks.json as it is (action_id, info)", async () => {
    const { out, io } = captured();
    const gold = { action_id: "90_0", name: "calculate", arguments: { expression: "2 + 2" }, info: null };
    const file = trajectoryFile([
      { id: "pasted", task_id: "90", steps: [{ user: "hi" }, { calls: [gold] }] },
    ]);
    expect(await replayMain(["--in", file, "--json"], io)).toBe(0);
    expect(JSON.parse(out.stdout).steps).toEqual([
      { name: "calculate", decision: "allow", hook: null, outcome: "success", category: null, code: null },
    ]);
  });

  it("exits 2 on an id used twice, and on a file without a trajectory", async () => {
    const twice = captured();
    const file = trajectoryFile([
      { id: "same", task_id: "1", steps: [] },
      { id: "same", task_id: "2", steps: [] },
    ]);
    expect(await replayMain(["--in", file], twice.io)).toBe(2);
    expect(twice.out.stderr).toContain('line 2: id "same" is already used on line 1');
    const empty = captured();
    expect(await replayMain(["--in", trajectoryFile([])], empty.io)).toBe(2);
    expect(empty.out.stderr).toContain("no trajectory");
  });

  it("exits 2 without --in", async () => {
    const { io } = captured();
    expect(await replayMain(["--json"], io)).toBe(2);
  });

  it("exits 1 when a trajectory names no τ² task, after running the others", async () => {
    const { out, io } = captured();
    const file = trajectoryFile([
      { id: "unknown", task_id: "999", steps: [] },
      { id: "fine", task_id: "2", steps: [] },
    ]);
    expect(await replayMain(["--in", file, "--json"], io)).toBe(1);
    expect(out.stderr).toContain('no τ² retail task "999"');
    expect(JSON.parse(out.stdout).id).toBe("fine");
  });
});
