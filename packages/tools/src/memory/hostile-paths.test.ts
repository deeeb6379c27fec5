import { mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { callTool } from "../toolset/toolset.test-helpers.js";
import { directoryMemoryStore } from "./directory-memory-store.js";
import { HOSTILE_MEMORY_PATHS, hostileMemoryCalls } from "./hostile-memory-paths.js";
import { inMemoryMemoryStore } from "./in-memory-store.js";
import type { MemoryStore } from "./memory-store.js";
import { memoryTool } from "./memory-tool.js";

function caller(store: MemoryStore) {
  const tool = memoryTool({ store });
  return (input: Record<string, unknown>) => callTool(tool, input);
}

const stores: ReadonlyArray<readonly [string, () => MemoryStore]> = [
  ["in memory", inMemoryMemoryStore],
  ["in a directory", () => directoryMemoryStore(mkdtempSync(join(tmpdir(), "keel-memory-")))],
];

describe.each(stores)("hostile memory paths, %s", (_name, makeStore) => {
  it.each(HOSTILE_MEMORY_PATHS)(
    "refuses %j (%s %s) for every command, storing nothing",
    async (path, category, code) => {
      const store = makeStore();
      const call = caller(store);
      for (const input of hostileMemoryCalls(path)) {
        expect(await call(input)).toMatchObject({ kind: "error", category, code });
      }
      expect(await store.list("", 5)).toEqual([]);
    },
  );
});

describe("directoryMemoryStore", () => {
  it("refuses a symbolic link that leads out of the directory, for reads and writes", async () => {
    const root = mkdtempSync(join(tmpdir(), "keel-memory-"));
    const outside = mkdtempSync(join(tmpdir(), "keel-outside-"));
    writeFileSync(join(outside, "secret.txt"), "top secret");
    symlinkSync(outside, join(root, "link"));
    symlinkSync(join(outside, "secret.txt"), join(root, "secret.md"));
    const call = caller(directoryMemoryStore(root));
    const refused = { kind: "error", category: "permission", code: "MEMORY_PATH_OUTSIDE_ROOT" };
    expect(await call({ command: "view", path: "/memories/link/secret.txt" })).toMatchObject(refused);
    expect(await call({ command: "view", path: "/memories/secret.md" })).toMatchObject(refused);
    expect(await call({ command: "create", path: "/memories/link/new.md", file_text: "x" })).toMatchObject(
      refused,
    );
    expect(
      await call({ command: "str_replace", path: "/memories/secret.md", old_str: "top", new_str: "no" }),
    ).toMatchObject(refused);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("top secret");
    expect(JSON.stringify(await call({ command: "view", path: "/memories" }))).not.toContain("link");
  });

  it("writes owner-only files that a new store over the same directory reads back", async () => {
    const root = mkdtempSync(join(tmpdir(), "keel-memory-"));
    await caller(directoryMemoryStore(root))({
      command: "create",
      path: "/memories/a/b.md",
      file_text: "kept",
    });
    expect(statSync(join(root, "a", "b.md")).mode & 0o777).toBe(0o600);
    expect(
      await caller(directoryMemoryStore(root))({ command: "view", path: "/memories/a/b.md" }),
    ).toMatchObject({
      data: "Here's the content of /memories/a/b.md with line numbers:\n     1\tkept",
    });
  });
});
