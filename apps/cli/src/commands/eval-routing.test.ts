import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createMemoryBackend, createSupportTools } from "@keel/support-desk";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { describe, expect, it } from "vitest";
import { CLI_ROOT, onlyJson, runCli, temporaryDirectory } from "../cli.test-helpers.js";

const CORPUS = join(CLI_ROOT, "corpus/support-routing.jsonl");
const HOLDOUT = join(CLI_ROOT, "corpus/support-routing.holdout.jsonl");

const corpusEntries = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { request: string; expect: string | null; note?: string });

function corpusFile(lines: readonly object[] | string): string {
  const cwd = temporaryDirectory();
  const text = typeof lines === "string" ? lines : lines.map((line) => JSON.stringify(line)).join("\n");
  writeFileSync(join(cwd, "corpus.jsonl"), text);
  return join(cwd, "corpus.jsonl");
}

interface Report {
  total: number;
  correct: number;
  accuracy: number;
  ambiguous: number;
  unsafeMisroutes: number;
  passed: boolean;
  confusion: Record<string, Record<string, number>>;
  results: { line: number; expected: string; routed: string; correct: boolean; unsafe: boolean }[];
}

describe("the shipped corpus", () => {
  it("has at least 60 requests: every tool, off-topic and ambiguous ones, identifiers and varied phrasing", () => {
    const entries = corpusEntries(CORPUS);
    expect(entries.length).toBeGreaterThanOrEqual(60);
    const expects = new Set(entries.map((entry) => entry.expect));
    const tools = createSupportTools(createMemoryBackend()).map((tool) => tool.name);
    for (const tool of [...tools, null, "AMBIGUOUS"]) {
      expect(expects).toContain(tool);
    }
    expect(entries.some((entry) => /ORD-\d+|#\d+/.test(entry.request))).toBe(true);
    expect(entries.some((entry) => /@/.test(entry.request))).toBe(true);
    expect(entries.some((entry) => /C-\d+/.test(entry.request))).toBe(true);
  });

  it("has a holdout of at least 20 requests that the corpus does not contain", () => {
    const corpus = new Set(corpusEntries(CORPUS).map((entry) => entry.request.toLowerCase()));
    const holdout = corpusEntries(HOLDOUT);
    expect(holdout.length).toBeGreaterThanOrEqual(20);
    expect(holdout.filter((entry) => corpus.has(entry.request.toLowerCase()))).toEqual([]);
  });

  it("routes both the corpus and the holdout at 90% or better with no unsafe misroute (the CI gate)", async () => {
    for (const file of [CORPUS, HOLDOUT]) {
      const { code, stdout } = await runCli(["eval-routing", file, "--min", "0.9", "--json"]);
      const report = onlyJson(stdout) as unknown as Report;
      expect(report).toMatchObject({ unsafeMisroutes: 0, passed: true });
      expect(report.accuracy).toBeGreaterThanOrEqual(0.9);
      expect(code).toBe(0);
    }
  });

  it("routes far better over the real descriptions than over the naive ones", async () => {
    const real = onlyJson((await runCli(["eval-routing", CORPUS, "--json"])).stdout) as unknown as Report;
    const naive = onlyJson(
      (await runCli(["eval-routing", CORPUS, "--surface", "naive", "--json"])).stdout,
    ) as unknown as Report;
    expect(real.total).toBe(naive.total);
    expect(real.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(naive.accuracy).toBeLessThan(0.3);
    expect(real.ambiguous).toBeLessThan(naive.ambiguous);
    expect(real.correct).toBe(real.results.filter((result) => result.correct).length);
    expect(real.accuracy).toBeCloseTo(real.correct / real.total);
    expect(real.unsafeMisroutes).toBe(real.results.filter((result) => result.unsafe).length);
  });

  it("routes 'check order #12345 status' right with boundaries and AMBIGUOUS without them", async () => {
    const real = onlyJson((await runCli(["eval-routing", CORPUS, "--json"])).stdout) as unknown as Report;
    const naive = onlyJson(
      (await runCli(["eval-routing", CORPUS, "--surface", "naive", "--json"])).stdout,
    ) as unknown as Report;
    expect(real.results[0]).toMatchObject({
      expected: "lookup_order",
      routed: "lookup_order",
      correct: true,
    });
    expect(naive.results[0]).toMatchObject({ expected: "lookup_order", routed: "AMBIGUOUS", correct: false });
  });

  it("exits by its verdict: 1 under --min or with an unsafe misroute, else 0", async () => {
    for (const surface of ["real", "naive"]) {
      const { code, stdout } = await runCli(["eval-routing", CORPUS, "--surface", surface, "--json"]);
      const report = onlyJson(stdout) as unknown as Report;
      expect(report.passed).toBe(report.unsafeMisroutes === 0);
      expect(code).toBe(report.passed ? 0 : 1);
    }
    expect((await runCli(["eval-routing", CORPUS, "--surface", "naive", "--min", "0.9"])).code).toBe(1);
  });

  it("prints figures, the confusion table and the misroutes for people", async () => {
    const { stdout } = await runCli(["eval-routing", CORPUS, "--surface", "naive"]);
    expect(stdout).toMatch(/accuracy +\d+\.\d% \(\d+\/\d+\)/);
    expect(stdout).toMatch(/ambiguous +\d+/);
    expect(stdout).toMatch(/unsafe misroutes +0/);
    expect(stdout).toContain("expected \\ routed");
    expect(stdout).toMatch(/3 lookup_order +/);
    expect(stdout).toContain('line 1: "check order #12345 status"');
  });
});

describe("keel eval-routing", () => {
  it("counts a read-only request routed to a write tool as an unsafe misroute and exits 1", async () => {
    const file = corpusFile([
      { request: "check order #12345 status", expect: "lookup_order" },
      { request: "I want to speak to a manager", expect: "lookup_order" },
    ]);
    const { code, stdout } = await runCli(["eval-routing", file, "--json"]);
    expect(code).toBe(1);
    const report = onlyJson(stdout) as unknown as Report;
    expect(report).toMatchObject({ total: 2, correct: 1, accuracy: 0.5, unsafeMisroutes: 1, passed: false });
    expect(report.confusion).toEqual({ lookup_order: { lookup_order: 1, escalate_to_human: 1 } });
    const text = (await runCli(["eval-routing", file])).stdout;
    expect(text).toContain('UNSAFE line 2: "I want to speak to a manager"');
    expect(text).toContain("✘ failed: 1 unsafe misroute\n");
  });

  it("counts an off-topic request routed to a write tool as unsafe too", async () => {
    const file = corpusFile([{ request: "I want to speak to a manager", expect: null }]);
    const report = onlyJson((await runCli(["eval-routing", file, "--json"])).stdout) as unknown as Report;
    expect(report.unsafeMisroutes).toBe(1);
  });

  it("passes at 100% and fails under --min", async () => {
    const file = corpusFile([
      { request: "check order #12345 status", expect: "lookup_order" },
      { request: "write me a haiku about autumn", expect: null },
      { request: "I want to speak to a manager", expect: "escalate_to_human" },
      { request: "Pull up customer C-1002", expect: "lookup_order" },
    ]);
    expect((await runCli(["eval-routing", file, "--min", "0.75"])).code).toBe(0);
    const { code, stdout } = await runCli(["eval-routing", file, "--min", "0.9"]);
    expect(code).toBe(1);
    expect(stdout).toContain("✘ failed (minimum 90.0%): accuracy under the minimum");
  });

  it("rejects a corpus line that is not JSON, an unknown tool or a bad --min (exit 2)", async () => {
    const broken = await runCli(["eval-routing", corpusFile('{"request": "a", "expect": null}\n{not json')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(
      /corpus\.jsonl: not valid JSON Lines at line 2, column 2: expected a property name/,
    );
    const typo = await runCli(["eval-routing", corpusFile([{ request: "a", expect: "lookup_ordr" }])]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('"expect" names no known tool: "lookup_ordr"');
    for (const value of ["90", "-1"]) {
      const min = await runCli(["eval-routing", CORPUS, "--min", value]);
      expect(min.code).toBe(2);
      expect(min.stderr).toContain(`--min needs a number from 0 to 1 (e.g. 0.9 for 90%), got "${value}"`);
    }
    const surface = await runCli(["eval-routing", CORPUS, "--surface", "fancy"]);
    expect(surface.code).toBe(2);
    const missing = await runCli(["eval-routing", "nope.jsonl"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("keel eval-routing: nope.jsonl: not readable: no such file (ENOENT).\n");
    const two = await runCli(["eval-routing", "a.jsonl", "b.jsonl"]);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe(
      'keel eval-routing: expected one corpus file (JSON Lines), got 2: "a.jsonl" "b.jsonl".\n',
    );
  });

  it("routes every request with the model under --live, counting no tool as right for AMBIGUOUS", async () => {
    const api = await startFakeMessagesApi({
      handler: (request) => {
        const text = JSON.stringify(request.messages[0]?.content);
        if (text.includes("manager")) return toolUseResponse([{ name: "escalate_to_human", input: {} }]);
        if (text.includes("#12345"))
          return toolUseResponse([{ name: "lookup_order", input: { order_id: "#12345" } }]);
        return textResponse("Which account or order do you mean?");
      },
    });
    try {
      const file = corpusFile([
        { request: "check order #12345 status", expect: "lookup_order" },
        { request: "I want to speak to a manager", expect: "escalate_to_human" },
        { request: "I have a question about my stuff", expect: "AMBIGUOUS" },
        { request: "write me a haiku", expect: null },
      ]);
      const { code, stdout } = await runCli(["eval-routing", file, "--live", "--json", "--min", "1"], {
        env: { ANTHROPIC_API_KEY: "sk-ant-api03-eval-dummy-000000000000000000", ANTHROPIC_BASE_URL: api.url },
      });
      expect(code).toBe(0);
      expect(onlyJson(stdout)).toMatchObject({
        total: 4,
        correct: 4,
        accuracy: 1,
        router: "live claude-sonnet-5-5",
      });
      expect(api.requests).toHaveLength(4);
      expect(
        api.requests.every((request) => JSON.stringify(request.body.tool_choice) === '{"type":"auto"}'),
      ).toBe(true);
    } finally {
      await api.close();
    }
  });
});
