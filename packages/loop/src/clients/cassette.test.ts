import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Cassette, readCassette, writeCassette } from "./cassette.js";

const empty: Cassette = { version: 1, interactions: [] };

const folder = () => mkdtemp(join(tmpdir(), "keel-cassette-file-"));

describe("readCassette", () => {
  it("words an unreadable or invalid file as every Keel file reader does, never quoting the text", async () => {
    const dir = await folder();
    expect(() => readCassette(join(dir, "none.json"))).toThrow(
      `Cassette ${join(dir, "none.json")}: not readable: no such file (ENOENT)`,
    );
    const path = join(dir, "bad.json");
    await writeFile(path, '{\n  "version": 1,\n  "interactions": [sk-ant-secret]\n}');
    expect(() => readCassette(path)).toThrow(
      new RegExp(`^Cassette ${path}: not valid JSON at line 3, column 20: expected a value`),
    );
    expect(() => readCassette(path)).not.toThrow(/sk-ant/);
  });

  it("reads a cassette saved with a byte order mark", async () => {
    const path = join(await folder(), "bom.json");
    await writeFile(path, `\uFEFF${JSON.stringify(empty)}`);
    expect(readCassette(path)).toEqual(empty);
  });
});

describe("writeCassette", () => {
  it("writes the cassette and leaves no temporary file", async () => {
    const dir = await folder();
    await writeCassette(join(dir, "run.json"), empty);
    expect(JSON.parse(await readFile(join(dir, "run.json"), "utf8"))).toEqual(empty);
    expect(await readdir(dir)).toEqual(["run.json"]);
  });

  it("removes its temporary file when the rename fails (the path is a directory)", async () => {
    const dir = await folder();
    await mkdir(join(dir, "taken"));
    await expect(writeCassette(join(dir, "taken"), empty)).rejects.toMatchObject({
      code: expect.any(String),
    });
    expect(await readdir(dir)).toEqual(["taken"]);
  });

  it("passes a failed write on, leaving nothing behind (the folder is a file)", async () => {
    const dir = await folder();
    await writeFile(join(dir, "file"), "");
    await expect(writeCassette(join(dir, "file", "run.json"), empty)).rejects.toMatchObject({
      code: "ENOTDIR",
    });
    expect(await readdir(dir)).toEqual(["file"]);
  });
});
