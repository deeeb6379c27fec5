import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SECRET_CORPUS } from "@keel/secrets/internal";
import { describe, expect, it } from "vitest";
import { runCli, temporaryDirectory } from "./cli.test-helpers.js";

/** The part of each corpus entry that is the credential itself ("Bearer x" → "x", a URL → its password). */
const CREDENTIALS = SECRET_CORPUS.map((secret) =>
  secret.replace(/^Bearer /, "").replace(/^[a-z]+:\/\/[^:]+:([^@]+)@.*$/s, "$1"),
);

/** The literal an artifact must not contain, also after JSON escaping (a PEM block's newline becomes \n). */
function expectNoCredential(artifact: string, where: string) {
  for (const credential of CREDENTIALS) {
    const escaped = JSON.stringify(credential).slice(1, -1);
    expect(
      artifact.includes(credential) || artifact.includes(escaped),
      `${where} holds ${credential.slice(0, 12)}…`,
    ).toBe(false);
  }
}

describe("every artifact keel writes is redacted by the one owner, on one corpus of secrets", () => {
  it("keel run --trace/--record, keel trace (text and --html), and run --json: no secret of the request or the answer", async () => {
    const cwd = temporaryDirectory();
    const request = `My keys, please keep them safe: ${SECRET_CORPUS.join(" | ")}`;
    // The model echoes every secret back, in its text and in a tool call's input.
    const script = [
      {
        content: [
          { type: "text", text: `Looking into it: ${SECRET_CORPUS.join(" ; ")}` },
          { type: "tool_use", id: "toolu_1", name: "lookup_order", input: { order_id: "ORD-1005" } },
        ],
      },
      { content: [{ type: "text", text: `Done. You sent: ${SECRET_CORPUS.join(" / ")}` }] },
    ];
    writeFileSync(join(cwd, "script.json"), JSON.stringify(script));
    const run = await runCli(
      ["run", request, "--script", "script.json", "--trace", "t.json", "--record", "c.json", "--json"],
      { cwd },
    );
    expect(run.code).toBe(0);
    const html = await runCli(["trace", "t.json", "--html", "t.html"], { cwd });
    expect(html.code).toBe(0);
    const text = await runCli(["trace", "t.json"], { cwd });
    expect(text.code).toBe(0);
    expectNoCredential(readFileSync(join(cwd, "t.json"), "utf8"), "the trace file");
    expectNoCredential(readFileSync(join(cwd, "c.json"), "utf8"), "the cassette");
    expectNoCredential(readFileSync(join(cwd, "t.html"), "utf8"), "the HTML trace");
    expectNoCredential(text.stdout, "keel trace's text");
    // The trace still says what happened: the redaction marker stands where each secret was.
    expect(readFileSync(join(cwd, "t.json"), "utf8")).toContain("[REDACTED]");
  });

  it("keel trace redacts a trace written by something else before showing it", async () => {
    const cwd = temporaryDirectory();
    const events = [
      { type: "run_start", atMs: 0, runId: "r", model: "m", tools: [], note: SECRET_CORPUS.join(" ") },
    ];
    writeFileSync(join(cwd, "foreign.json"), JSON.stringify({ request: SECRET_CORPUS.join(" "), events }));
    const text = await runCli(["trace", "foreign.json", "--html", "f.html"], { cwd });
    expect(text.stderr).toBe("");
    expect(text.code).toBe(0);
    expectNoCredential(readFileSync(join(cwd, "f.html"), "utf8"), "the HTML of a foreign trace");
  });
});
