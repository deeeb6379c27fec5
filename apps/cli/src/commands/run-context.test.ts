import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type FakeMessagesApi, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, scriptedRun, temporaryDirectory } from "../cli.test-helpers.js";

const DUMMY_KEY = "sk-ant-api03-dummy-test-key-0123456789abcdefghij";
const servers: FakeMessagesApi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** `keel run "Where is ORD-1005?" FLAGS --trace run.trace.json --json` against the fake serving `script`. */
async function tracedRun(
  flags: readonly string[],
  script: Parameters<typeof startFakeMessagesApi>[0]["script"],
) {
  const api = await startFakeMessagesApi({ script });
  servers.push(api);
  const cwd = temporaryDirectory();
  const env = { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url };
  const run = await runCli(["run", "Where is ORD-1005?", ...flags, "--trace", "run.trace.json", "--json"], {
    env,
    cwd,
  });
  expect(run.code, run.stderr).toBe(0);
  return { api, cwd };
}

describe("keel run: context management flags", () => {
  it("lists --compact[=TOKENS], --clear-tool-uses[=TOKENS] and --max-input-tokens in --help", async () => {
    const { stdout } = await runCli(["run", "--help"]);
    for (const flag of ["--compact[=TOKENS]", "--clear-tool-uses[=TOKENS]", "--max-input-tokens N"]) {
      expect(stdout).toContain(flag);
    }
  });

  it.each([
    [["--compact=0"], "--compact"],
    [["--compact=many"], "--compact"],
    [["--compact="], "--compact= needs a number of input tokens"],
    [["--compact", "60000"], '--compact takes its trigger after "=": --compact=60000'],
    [["--clear-tool-uses=-5"], "--clear-tool-uses"],
    [["--clear-tool-uses=1.5"], "--clear-tool-uses"],
    [["--clear-tool-uses", "30000"], "--clear-tool-uses=30000"],
    [["--compact-trigger", "5000"], "Unknown option '--compact-trigger'"],
    [["--max-input-tokens", "many"], "--max-input-tokens"],
    [
      ["--compact", "--max-input-tokens", "100000"],
      "(the API's default), not below --max-input-tokens 100,000",
    ],
    [["--compact=9000", "--max-input-tokens", "9000"], "give --compact=TOKENS below the budget"],
  ])("refuses %j as a usage error before any request", async (flags, message) => {
    const { code, stderr } = await runCli(["run", "Where is ORD-1005?", ...flags]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it.each([
    [["--compact"], [{ type: "compact_20260112" }]],
    [["--compact=500"], [{ type: "compact_20260112", trigger: { type: "input_tokens", value: 500 } }]],
    [["--clear-tool-uses"], [{ type: "clear_tool_uses_20250919" }]],
    [
      ["--clear-tool-uses=700"],
      [{ type: "clear_tool_uses_20250919", trigger: { type: "input_tokens", value: 700 } }],
    ],
  ])("sends %j as the edits %j: the bare flag keeps the API's trigger", async (flags, edits) => {
    const api = await startFakeMessagesApi({ script: [textResponse("Your order ORD-1005 has shipped.")] });
    servers.push(api);
    const env = { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url };
    const run = await runCli(["run", "Where is ORD-1005?", ...flags, "--json"], {
      env,
      cwd: temporaryDirectory(),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]!.body.context_management).toEqual({ edits });
  });

  it("sends the edits with their betas, and the fake compacts past the trigger", async () => {
    const { api, cwd } = await tracedRun(
      ["--compact=500", "--clear-tool-uses", "--max-input-tokens", "100000"],
      [
        toolUseResponse([{ name: "lookup_order", input: { order_id: "ORD-1005" } }]),
        textResponse("Your order ORD-1005 has shipped."),
      ],
    );
    expect(api.requests.map((request) => request.response?.status)).toEqual([200, 200]);
    expect(api.requests[0]!.headers["anthropic-beta"]).toBe(
      "context-management-2025-06-27,compact-2026-01-12",
    );
    expect(api.requests[0]!.body.context_management).toEqual({
      edits: [
        { type: "clear_tool_uses_20250919" },
        { type: "compact_20260112", trigger: { type: "input_tokens", value: 500 } },
      ],
    });
    const { stdout } = await runCli(["trace", "run.trace.json"], { cwd });
    expect(stdout).toMatch(/context compacted \(the compaction step read [\d,]+ tokens, wrote [\d,]+\)/);
  });
});

describe("keel trace: context management per round", () => {
  it("shows each round's compaction and cleared tool uses, in the text and the HTML", async () => {
    const cwd = temporaryDirectory();
    const run = await runCli(
      [
        ...scriptedRun("Where is ORD-1005?", "context-edits.script.json"),
        "--trace",
        "run.trace.json",
        "--json",
      ],
      { cwd },
    );
    expect(run.code, run.stderr).toBe(0);
    const { stdout } = await runCli(["trace", "run.trace.json"], { cwd });
    const line =
      "context compacted (the compaction step read 9,000 tokens, wrote 120) · cleared 2 tool uses (1,500 tokens)";
    expect(stdout).toContain(line);
    expect(stdout.split("\n").filter((text) => text.includes("context ")).length).toBe(1);
    await runCli(["trace", "run.trace.json", "--html", "timeline.html"], { cwd });
    expect(readFileSync(join(cwd, "timeline.html"), "utf8")).toContain(`<div class="context">${line}</div>`);
  });
});

describe("keel run and keel trace: what the compaction steps were billed", () => {
  const script = scriptedRun("Where is ORD-1005?", "context-edits.script.json");

  it("puts the library's whole usage in --json, compaction and cleared tokens included", async () => {
    const cwd = temporaryDirectory();
    const run = await runCli([...script, "--json"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const usage = JSON.parse(run.stdout).usage;
    expect(usage).toMatchObject({ input_tokens: 700, output_tokens: 65 });
    expect(usage.context_management).toEqual({
      cleared_input_tokens: 1500,
      cleared_tool_uses: 2,
      cleared_thinking_turns: 0,
      compactions: 1,
      compaction: {
        input_tokens: 9000,
        output_tokens: 120,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    });
  });

  it("counts the compaction step in the summary line, naming its part", async () => {
    const run = await runCli(script, { cwd: temporaryDirectory() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("tokens in 9,700 (9,000 compaction) · out 185 (120 compaction)");
  });

  it("gives the compaction step its own row and counts it in keel trace's total, text and HTML", async () => {
    const cwd = temporaryDirectory();
    await runCli([...script, "--trace", "run.trace.json", "--json"], { cwd });
    const { stdout } = await runCli(["trace", "run.trace.json"], { cwd });
    const table = stdout.slice(stdout.indexOf("Tokens per round")).split("\n");
    expect(table.slice(2, 5).map((row) => row.trim().split(/\s+/))).toEqual([
      ["1", "compaction", "9,000", "120", "0", "0"],
      ["1", "300", "40", "0", "0"],
      ["2", "400", "25", "0", "0"],
    ]);
    expect(table[5]?.trim().split(/\s+/)).toEqual(["total", "9,700", "185", "0", "0"]);
    expect(stdout).toContain("total in 9,700 (9,000 compaction) · out 185 (120 compaction)");
    expect(stdout).toContain("tokens in 9,300 (9,000 compaction) · out 160 (120 compaction)");
    await runCli(["trace", "run.trace.json", "--html", "timeline.html"], { cwd });
    const html = readFileSync(join(cwd, "timeline.html"), "utf8");
    expect(html).toContain("<td>total</td><td>9,700</td>");
    expect(html).toContain("in <strong>9,700</strong> (9,000 compaction)");
  });
});

describe("keel run: a request over --max-input-tokens", () => {
  it("says the budget was exceeded, not the window, and names the flags", async () => {
    const flags = ["--scenario", "low-value-refund", "--max-input-tokens", "10"];
    const run = await runCli(["run", ...flags], { cwd: temporaryDirectory() });
    expect(run.stdout).toContain("context_window_exceeded");
    expect(run.stdout).toContain(
      "the next request would pass --max-input-tokens, the budget you set (not the model's context window): add --compact or --clear-tool-uses, or raise --max-input-tokens",
    );
    expect(run.stdout).toContain("Turn on --compact or --clear-tool-uses, raise --max-input-tokens");
    expect(run.stdout).not.toMatch(/context\.(compact|clearToolUses|maxInputTokens)|no longer fits/);
    const json = JSON.parse(
      (await runCli(["run", ...flags, "--json"], { cwd: temporaryDirectory() })).stdout,
    );
    expect(json.error).toMatchObject({ kind: "bad_request", limit: "maxInputTokens" });
  });
});

describe("keel trace: the run's context settings", () => {
  it("records --compact, --clear-tool-uses and --max-input-tokens in run_start and shows them, text and HTML", async () => {
    const { cwd } = await tracedRun(
      ["--compact=60000", "--clear-tool-uses", "--max-input-tokens", "180000"],
      [textResponse("Your order ORD-1005 has shipped.")],
    );
    const saved = JSON.parse(readFileSync(join(cwd, "run.trace.json"), "utf8"));
    const start = (saved.events as { type: string }[]).find((event) => event.type === "run_start");
    expect(start).toMatchObject({
      context: {
        edits: [
          { type: "clear_tool_uses_20250919", trigger: null },
          { type: "compact_20260112", trigger: { type: "input_tokens", value: 60000 } },
        ],
        maxInputTokens: 180000,
      },
    });
    const line =
      "context: clear tool uses at the API's default · compact at 60,000 input tokens · input budget 180,000 tokens";
    expect((await runCli(["trace", "run.trace.json"], { cwd })).stdout).toContain(line);
    await runCli(["trace", "run.trace.json", "--html", "timeline.html"], { cwd });
    expect(readFileSync(join(cwd, "timeline.html"), "utf8")).toContain(line.replace("'", "&#39;"));
  });
});
