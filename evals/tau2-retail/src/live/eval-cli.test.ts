import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FakeMessagesApi } from "@keel/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedIo } from "../cli.test-helpers.js";
import { evalMain } from "./eval-cli.js";
import {
  goldConversation,
  startScriptedParties,
  transferConversation,
} from "./scripted-parties.test-helpers.js";

const KEY = "sk-ant-api03-Zx9QwErTyUiOp1234567890aSdFgHjKl-not-a-real-key-AA";

async function run(argv: string[], env: Record<string, string | undefined> = {}) {
  const { out, io } = capturedIo();
  const code = await evalMain(argv, io, env);
  return { code, ...out };
}

describe("the eval command's usage", () => {
  it("refuses to run without --live or --replay", async () => {
    const { code, stderr } = await run([]);
    expect(code).toBe(2);
    expect(stderr).toContain("choose --live (calls Claude, needs ANTHROPIC_API_KEY) or --replay DIR");
  });

  it("refuses --live without ANTHROPIC_API_KEY, before any request", async () => {
    const { code, stderr } = await run(["--live", "--k", "4", "--split", "test"], {});
    expect(code).toBe(2);
    expect(stderr).toContain("--live needs ANTHROPIC_API_KEY");
  });

  it("refuses --record without --live, and run-shaping options with --replay", async () => {
    expect((await run(["--record", "x", "--replay", "y"])).code).toBe(2);
    const replay = await run(["--replay", "y", "--k", "2"]);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain("drop --k");
  });

  it("refuses a bad --k, an unknown split or task", async () => {
    const env = { ANTHROPIC_API_KEY: KEY };
    expect((await run(["--live", "--k", "0"], env)).stderr).toContain(
      '--k needs a whole number of at least 1, got "0".',
    );
    expect((await run(["--live", "--split", "dev"], env)).stderr).toContain(
      '--split must be one of train, test, all, got "dev".',
    );
    expect((await run(["--live", "--task", "999"], env)).stderr).toContain('no τ² retail task "999"');
  });

  it("names the missing manifest of a folder that is no recording", async () => {
    const empty = mkdtempSync(join(tmpdir(), "tau2-empty-"));
    const { code, stderr } = await run(["--replay", empty], {});
    expect(code).toBe(2);
    expect(stderr).toBe(
      `eval: ${join(empty, "manifest.json")}: not readable: no such file (ENOENT) (is ${empty} a --record folder?)\n`,
    );
  });

  it("refuses a recording whose manifest names an unknown task, before any trial", async () => {
    const folder = mkdtempSync(join(tmpdir(), "tau2-manifest-"));
    const manifest = {
      version: 1,
      split: "test",
      task_ids: ["90", "999"],
      k: 1,
      model: "m",
      user_model: "u",
    };
    writeFileSync(
      join(folder, "manifest.json"),
      JSON.stringify({ ...manifest, max_turns: 4, max_rounds: 4, naive: false }),
    );
    const { code, stderr, stdout } = await run(["--replay", folder], {});
    expect(code).toBe(2);
    expect(stderr).toBe(
      `eval: ${join(folder, "manifest.json")}: task_ids: there is no τ² retail task "999".\n`,
    );
    expect(stdout).toBe("");
  });

  it("names the option meant and points at --help", async () => {
    const { code, stderr } = await run(["--lvie"]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `eval: Unknown option '--lvie'. Did you mean --live? Run "pnpm --filter @keel/tau2-retail eval --help" for the options.\n`,
    );
  });

  it("answers a negative --max-turns with its range, not 'argument is ambiguous'", async () => {
    const { code, stderr } = await run(["--live", "--max-turns", "-1"]);
    expect(code).toBe(2);
    expect(stderr).toBe(`eval: --max-turns needs a whole number of at least 1, got "-1".\n`);
  });

  it("prints its help", async () => {
    const { code, stdout } = await run(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("--replay DIR");
  });
});

describe("--live --record, then --replay offline", () => {
  let api: FakeMessagesApi;
  let dir: string;
  let live: Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    api = await startScriptedParties([goldConversation(), transferConversation()]);
    dir = join(mkdtempSync(join(tmpdir(), "tau2-live-")), "cassettes");
    live = await run(
      [
        "--live",
        "--record",
        dir,
        "--task",
        "90",
        "--task",
        "108",
        "--k",
        "2",
        "--model",
        "claude-test",
        "--json",
      ],
      { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url },
    );
  }, 30_000);

  afterAll(async () => {
    await api.close();
  });

  it("grades the live run and reports progress on stderr", () => {
    expect(live.code).toBe(0);
    const report = JSON.parse(live.stdout);
    expect(report).toMatchObject({ mode: "live", k: 2, task_ids: ["90", "108"], pass_hat: [0.5, 0.5] });
    expect(live.stderr).toContain("eval: task 90 trial 1/2: pass (user_stop, 3 user turns");
    expect(live.stderr).toContain("eval: task 108 trial 2/2: fail (agent_transfer");
  });

  it("records a cassette per side of each trial, with no trace of the key", () => {
    const files = readdirSync(dir).sort();
    expect(files).toEqual([
      "manifest.json",
      "task-108.trial-1.agent.cassette.json",
      "task-108.trial-1.user.cassette.json",
      "task-108.trial-2.agent.cassette.json",
      "task-108.trial-2.user.cassette.json",
      "task-90.trial-1.agent.cassette.json",
      "task-90.trial-1.user.cassette.json",
      "task-90.trial-2.agent.cassette.json",
      "task-90.trial-2.user.cassette.json",
    ]);
    for (const file of files) expect(readFileSync(join(dir, file), "utf8")).not.toContain(KEY);
    const agent = JSON.parse(readFileSync(join(dir, "task-90.trial-1.agent.cassette.json"), "utf8"));
    const user = JSON.parse(readFileSync(join(dir, "task-90.trial-1.user.cassette.json"), "utf8"));
    expect(user.interactions).toHaveLength(3);
    expect(agent.interactions.length).toBeGreaterThan(3);
  });

  it("replays the run offline, without a key, to the same grades", async () => {
    const requests = api.requests.length;
    const replayed = await run(["--replay", dir, "--json"], {});
    expect(replayed.code).toBe(0);
    const { mode: liveMode, ...liveReport } = JSON.parse(live.stdout);
    const { mode, ...replayReport } = JSON.parse(replayed.stdout);
    expect([liveMode, mode]).toEqual(["live", "replay"]);
    expect(replayReport).toEqual(liveReport);
    expect(api.requests.length).toBe(requests);
  });

  it("prints the table for people", async () => {
    const { stdout } = await run(["--replay", dir], {});
    expect(stdout).toContain(
      "τ² retail, tasks: 2 tasks × 2 trials (replay; agent claude-test, user claude-test, policy hooks on)",
    );
    expect(stdout).toMatch(/^task\s+passed\s+pass\^1\s+pass\^2\s+endings$/m);
    expect(stdout).toMatch(/^90\s+2\/2\s+1\.000\s+1\.000\s+user_stop ×2$/m);
    expect(stdout).toMatch(/^108\s+0\/2\s+0\.000\s+0\.000\s+agent_transfer ×2$/m);
    expect(stdout).toMatch(/^all\s+2\/4\s+0\.500\s+0\.500$/m);
  });

  it("fails a trial whose replayed request differs from its cassette, even after a transfer, and exits 1", async () => {
    const tamper = (
      trial: number,
      interaction: number,
      change: (request: Record<string, unknown>) => void,
    ) => {
      const path = join(dir, `task-108.trial-${trial}.agent.cassette.json`);
      const cassette = JSON.parse(readFileSync(path, "utf8"));
      change(cassette.interactions[interaction].request);
      writeFileSync(path, JSON.stringify(cassette));
    };
    tamper(1, 0, (request) => {
      request.model = "claude-other";
    });
    // The request after the transfer: its tool_result holds the ticket id.
    tamper(2, 1, (request) => {
      request.messages = JSON.parse(
        JSON.stringify(request.messages).replace(/transfer-[0-9a-f]+/, "transfer-0"),
      );
    });
    const { code, stdout, stderr } = await run(["--replay", dir], {});
    expect(code).toBe(1);
    expect(stderr).toContain("task 108 trial 1/2: fail (model_error");
    expect(stderr).toContain("task 108 trial 2/2: fail (model_error");
    expect(stderr).toContain("replay_mismatch");
    expect(stdout).toContain("2 trial(s) could not run (model_error)");
  });
});
