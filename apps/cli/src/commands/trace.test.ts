import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, scriptedRun, temporaryDirectory } from "../cli.test-helpers.js";

async function savedTrace(args: readonly string[]): Promise<string> {
  const cwd = temporaryDirectory();
  const run = await runCli([...args, "--trace", "run.trace.json", "--json"], { cwd });
  expect(run.stdout).not.toContain("trace saved");
  return cwd;
}

describe("keel trace", () => {
  it("renders a saved run step by step: request, model text, tool, hook decision, outcome", async () => {
    const cwd = await savedTrace(["run", "--scenario", "high-value-refund"]);
    const { code, stdout } = await runCli(["trace", "run.trace.json"], { cwd });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^Trace · claude-sonnet-5-5 via scripted · SIMULATION · scenario high-value-refund · run \S+ · started \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/,
    );
    expect(stdout).toContain("request Hello, alice@example.com here.");
    expect(stdout).toContain("[3] model I'll request the refund for the espresso machine.");
    expect(stdout).toMatch(/tool +process_refund/);
    expect(stdout).toMatch(/hook +redirect by refund-limit → escalate_to_human/);
    expect(stdout).toMatch(/ok +success \(1 attempt/);
    expect(stdout).toContain("✔ completed · 3 tool rounds · 4 model requests");
  });

  it("shows tokens per round — input, output, cache creation, cache read — and the total", async () => {
    const cwd = await savedTrace(scriptedRun("Where is ORD-1005?", "order-status.script.json"));
    const { stdout } = await runCli(["trace", "run.trace.json"], { cwd });
    expect(stdout).toContain(
      "stop tool_use · 1 tool_use · tokens in 1,200 · out 40 · cache write 900 · cache read 0",
    );
    expect(stdout).toContain("Tokens per round");
    const table = stdout.slice(stdout.indexOf("Tokens per round")).split("\n");
    expect(table[1]).toMatch(/round +input +output +cache write +cache read/);
    expect(table[2]).toMatch(/^ +1 +1,200 +40 +900 +0$/);
    expect(table[3]).toMatch(/^ +2 +1,400 +25 +0 +900$/);
    expect(table[4]).toMatch(/^ +total +2,600 +65 +900 +900$/);
  });

  it("writes a self-contained HTML timeline with every value escaped", async () => {
    const cwd = await savedTrace(scriptedRun("Look up <order>", "html-injection.script.json"));
    const { code, stdout } = await runCli(["trace", "run.trace.json", "--html", "timeline.html"], { cwd });
    expect(code).toBe(0);
    expect(stdout).toContain("HTML timeline written to timeline.html");
    const html = readFileSync(join(cwd, "timeline.html"), "utf8");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toMatch(/started \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
    expect(html).toContain("Checking &lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; &amp; more");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Look up &lt;order&gt;");
    expect(html).toContain("Done: &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt;");
    expect(html).not.toMatch(/<script|<img|<link|<b>|src=["']?http|href=["']?http|@import|url\(/i);
    expect(html).toContain("<td>total</td><td>1,250</td><td>40</td><td>800</td><td>800</td>");
    expect(html).toContain('class="decision invalid"');
  });

  it("counts one thing in the singular, in the text and the HTML: 1 tool round, 1 model request", async () => {
    const cwd = await savedTrace([
      ...scriptedRun("Where is ORD-1005?", "order-status.script.json"),
      "--max-iterations",
      "1",
    ]);
    const { code, stdout } = await runCli(["trace", "run.trace.json", "--html", "t.html"], { cwd });
    expect(code).toBe(0);
    expect(stdout).toContain("max 1 tool round · prompt cache");
    expect(stdout).toContain("✘ max_iterations · 1 tool round · 2 model requests");
    expect(stdout).toMatch(/ok +success \(1 attempt, /);
    const html = readFileSync(join(cwd, "t.html"), "utf8");
    expect(html).toContain(" · 1 tool round · 2 model requests</p>");
    expect(html).toMatch(/1 attempt, \d+ ms/);
    // One model request: the bare JSON array of the first response and a made-up end event.
    const events = JSON.parse(readFileSync(join(cwd, "run.trace.json"), "utf8")).events as { type: string }[];
    const end = events.find((event) => event.type === "end");
    writeFileSync(join(cwd, "one.json"), JSON.stringify([{ ...end, iterations: 0, modelRequests: 1 }]));
    const one = await runCli(["trace", "one.json", "--html", "one.html"], { cwd });
    expect(one.stdout).toContain("0 tool rounds · 1 model request\n");
    expect(readFileSync(join(cwd, "one.html"), "utf8")).toContain(" · 0 tool rounds · 1 model request</p>");
    for (const text of [stdout, html, one.stdout])
      expect(text).not.toMatch(/\b1 (tool rounds|model requests|attempts)\b/);
  });

  it("places a JSON error by line and column, and a JSON Lines one by its line and the column in it", async () => {
    const cwd = temporaryDirectory();
    writeFileSync(join(cwd, "bad.json"), '{\n  "format": "keel-trace",\n  "events": [,]\n}\n');
    writeFileSync(join(cwd, "tru.json"), '{"a": tru}');
    writeFileSync(join(cwd, "bad.jsonl"), '{"type": "start"}\n{"type": "end", "status": completed}\n');
    const cases = [
      ["bad.json", "bad.json: not valid JSON at line 3, column 14: expected a value"],
      ["tru.json", "tru.json: not valid JSON at line 1, column 10: expected true."],
      ["bad.jsonl", "bad.jsonl: not valid JSON Lines at line 2, column 27: expected a value"],
    ] as const;
    for (const [file, message] of cases) {
      const { code, stdout, stderr } = await runCli(["trace", file], { cwd });
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toContain(`keel trace: ${message}`);
    }
  });

  it("reads a trace saved with a byte order mark", async () => {
    const cwd = await savedTrace(["run", "--scenario", "order-not-found"]);
    writeFileSync(join(cwd, "bom.json"), `\uFEFF${readFileSync(join(cwd, "run.trace.json"), "utf8")}`);
    const { code, stdout } = await runCli(["trace", "bom.json"], { cwd });
    expect(code).toBe(0);
    expect(stdout).toMatch(/empty +ORDER_NOT_FOUND/);
  });

  it("checks --html before reading the trace: a directory is a usage error", async () => {
    const cwd = await savedTrace(["run", "--scenario", "order-not-found"]);
    const { code, stdout, stderr } = await runCli(["trace", "run.trace.json", "--html", "."], { cwd });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe("keel trace: --html .: it is a directory, not a file.\n");
  });

  it("never writes the HTML over the trace it reads, however the path is spelled", async () => {
    const cwd = await savedTrace(["run", "--scenario", "order-not-found"]);
    const trace = readFileSync(join(cwd, "run.trace.json"), "utf8");
    for (const html of ["run.trace.json", "./run.trace.json", join(cwd, "run.trace.json")]) {
      const { code, stdout, stderr } = await runCli(["trace", "run.trace.json", "--html", html], { cwd });
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        `keel trace: --html ${html}: it would overwrite the trace run.trace.json. Give it a file of its own.\n`,
      );
    }
    expect(readFileSync(join(cwd, "run.trace.json"), "utf8")).toBe(trace);
  });

  it("reads a bare JSON array of trace events and JSON Lines too", async () => {
    const cwd = await savedTrace(["run", "--scenario", "order-not-found"]);
    const events = JSON.parse(readFileSync(join(cwd, "run.trace.json"), "utf8")).events as unknown[];
    writeFileSync(join(cwd, "events.json"), JSON.stringify(events));
    writeFileSync(join(cwd, "events.jsonl"), events.map((event) => JSON.stringify(event)).join("\n"));
    for (const file of ["events.json", "events.jsonl"]) {
      const { code, stdout } = await runCli(["trace", file], { cwd });
      expect(code).toBe(0);
      expect(stdout).toMatch(/empty +ORDER_NOT_FOUND/);
    }
  });

  it("is a usage error for a missing file or one that is not a trace (exit 2)", async () => {
    const cwd = temporaryDirectory();
    writeFileSync(join(cwd, "other.json"), '{"hello": "world"}');
    const missing = await runCli(["trace", "nope.json"], { cwd });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("keel trace: nope.json: not readable: no such file (ENOENT).\n");
    const two = await runCli(["trace", "a.json", "b.json"], { cwd });
    expect(two.code).toBe(2);
    expect(two.stderr).toBe('keel trace: expected one trace file, got 2: "a.json" "b.json".\n');
    const other = await runCli(["trace", "other.json"], { cwd });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("other.json is not a trace");
  });

  it("shows the retries of a call inside it, between the hook decision and the outcome", async () => {
    const cwd = await savedTrace(["run", "--scenario", "orders-db-unreachable"]);
    const { stdout } = await runCli(["trace", "run.trace.json", "--html", "t.html"], { cwd });
    expect(stdout).toMatch(
      /hook +allow\n +retry .*attempt 2.*\n +retry .*attempt 3.*\n +error +transient\/ORDERS_DB_UNREACHABLE/,
    );
    expect(readFileSync(join(cwd, "t.html"), "utf8").match(/class="step retry"/g)).toHaveLength(2);
  });

  it("saves the trace of a failed run with its error", async () => {
    const cwd = await savedTrace(scriptedRun("Check ORD-1005", "cut-short.script.json"));
    const { stdout } = await runCli(["trace", "run.trace.json"], { cwd });
    expect(stdout).toContain("✘ model_error");
    expect(stdout).toContain("script_exhausted");
    expect(stdout).toMatch(/\[2\] model no response/);
  });
});
