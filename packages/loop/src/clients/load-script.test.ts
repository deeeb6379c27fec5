import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScript } from "./load-script.js";
import { ScriptedClient } from "./scripted-client.js";

const fixture = new URL("./__fixtures__/read-file.script.json", import.meta.url).pathname;

async function scriptFile(content: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), "keel-script-")), "script.json");
  await writeFile(path, content);
  return path;
}

describe("loadScript", () => {
  it("loads full and partial Messages that a ScriptedClient serves in order", async () => {
    const client = new ScriptedClient(await loadScript(fixture));
    const request = {
      model: "claude-test",
      max_tokens: 100,
      messages: [{ role: "user" as const, content: "hi" }],
    };
    const first = await client.create(request);
    const second = await client.create(request);
    expect(first.id).toBe("msg_01ReadFile");
    expect(first.stop_reason).toBe("tool_use");
    expect(second).toMatchObject({ id: "msg_scripted_1", model: "claude-test", stop_reason: "end_turn" });
  });

  it("names the file and the JSON path of the first problem", async () => {
    const path = await scriptFile(
      JSON.stringify([{ content: [] }, { content: [{ type: "text", text: 3 }] }]),
    );
    await expect(loadScript(path)).rejects.toThrow(
      `${path}: [1].content[0].text: a text block needs a string "text"`,
    );
  });

  it("explains that the file must hold an array", async () => {
    const path = await scriptFile(JSON.stringify({ content: [] }));
    await expect(loadScript(path)).rejects.toThrow(/must hold a JSON array of Message objects/);
  });

  it("reports invalid JSON with the file name, the line and the column, never quoting the text", async () => {
    const path = await scriptFile('[\n  {"content": [], "id": sk-ant-secret}\n]');
    await expect(loadScript(path)).rejects.toMatchObject({
      kind: "invalid_response",
      message: `${path}: not valid JSON at line 2, column 25: expected a value (an object, an array, a string in double quotes, a number, true, false or null)`,
    });
    await expect(loadScript(await scriptFile("[{"))).rejects.toThrow(
      /: not valid JSON at line 1, column 3: it ends before the object is closed$/,
    );
  });

  it("reads a script saved with a byte order mark", async () => {
    const path = await scriptFile(`\uFEFF${JSON.stringify([{ content: [] }])}`);
    expect(await loadScript(path)).toEqual([{ content: [] }]);
  });

  it("reports a missing file or a directory in the words of every Keel file reader", async () => {
    await expect(loadScript("/nonexistent/script.json")).rejects.toMatchObject({
      kind: "invalid_response",
      message: "/nonexistent/script.json: not readable: no such file (ENOENT)",
    });
    await expect(loadScript(tmpdir())).rejects.toThrow(
      `${tmpdir()}: not readable: it is a directory (EISDIR)`,
    );
  });

  it("rejects an unknown stop_reason, listing the valid ones", async () => {
    const path = await scriptFile(JSON.stringify([{ content: [], stop_reason: "done" }]));
    await expect(loadScript(path)).rejects.toThrow(/stop_reason: expected one of end_turn, tool_use/);
  });
});
