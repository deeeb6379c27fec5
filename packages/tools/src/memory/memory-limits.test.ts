import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolOutcome } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { MemoryConfigError } from "../config-errors.js";
import { callTool } from "../toolset/toolset.test-helpers.js";
import { directoryMemoryStore } from "./directory-memory-store.js";
import { inMemoryMemoryStore } from "./in-memory-store.js";
import { checkMemoryScopeId, type MemoryScopeLimits } from "./memory-scope.js";
import type { MemoryStore } from "./memory-store.js";
import { memoryTool } from "./memory-tool.js";

const STORES: readonly [string, (limits?: MemoryScopeLimits) => MemoryStore][] = [
  ["in memory", (limits) => inMemoryMemoryStore(limits)],
  ["in a directory", (limits) => directoryMemoryStore(mkdtempSync(join(tmpdir(), "keel-memory-")), limits)],
];

const caller =
  (store: MemoryStore) =>
  (input: Record<string, unknown>): Promise<ToolOutcome> =>
    callTool(memoryTool({ store }), input);

describe.each(STORES)("the memory tool %s", (_, open) => {
  it.each([
    ["a NUL", "before\u0000after"],
    ["a lone surrogate", "half \ud83d of a pair"],
  ])("refuses %s in the text of create, str_replace and insert, storing nothing", async (_, bad) => {
    const call = caller(open());
    const refused = { kind: "error", category: "validation", code: "MEMORY_TEXT_INVALID" };
    expect(await call({ command: "create", path: "/memories/a.md", file_text: bad })).toMatchObject(refused);
    await call({ command: "create", path: "/memories/b.md", file_text: "ok 😀" });
    expect(
      await call({ command: "str_replace", path: "/memories/b.md", old_str: "ok", new_str: bad }),
    ).toMatchObject(refused);
    expect(
      await call({ command: "insert", path: "/memories/b.md", insert_line: 0, insert_text: bad }),
    ).toMatchObject(refused);
    expect(await call({ command: "view", path: "/memories/a.md" })).toMatchObject({ kind: "empty" });
    expect(await call({ command: "view", path: "/memories/b.md" })).toMatchObject({
      data: expect.stringContaining("1\tok 😀"),
    });
  });

  it("refuses a file past the scope's file count as a business error, and lets an existing one change", async () => {
    const call = caller(open({ maxScopeFiles: 2 }));
    await call({ command: "create", path: "/memories/a.md", file_text: "a" });
    await call({ command: "create", path: "/memories/notes/b.md", file_text: "b" });
    expect(await call({ command: "create", path: "/memories/c.md", file_text: "c" })).toMatchObject({
      category: "business",
      code: "MEMORY_SCOPE_FULL",
    });
    expect(
      await call({ command: "str_replace", path: "/memories/a.md", old_str: "a", new_str: "A" }),
    ).toMatchObject({
      kind: "success",
    });
    await call({ command: "delete", path: "/memories/notes" });
    expect(await call({ command: "create", path: "/memories/c.md", file_text: "c" })).toMatchObject({
      kind: "success",
    });
  });

  it("refuses a write past the scope's total bytes, counting a replaced file once", async () => {
    const call = caller(open({ maxScopeBytes: 10 }));
    await call({ command: "create", path: "/memories/a.md", file_text: "12345" });
    expect(await call({ command: "create", path: "/memories/b.md", file_text: "123456" })).toMatchObject({
      code: "MEMORY_SCOPE_FULL",
    });
    expect(
      await call({ command: "str_replace", path: "/memories/a.md", old_str: "12345", new_str: "1234567890" }),
    ).toMatchObject({ kind: "success" });
    expect(
      await call({ command: "insert", path: "/memories/a.md", insert_line: 1, insert_text: "x" }),
    ).toMatchObject({
      code: "MEMORY_SCOPE_FULL",
    });
  });

  it.each([Number.NaN, 0, -1, 1.5, Number.POSITIVE_INFINITY])(
    "refuses a scope limit of %s when built",
    (limit) => {
      expect(() => open({ maxScopeBytes: limit })).toThrow(MemoryConfigError);
      expect(() => open({ maxScopeFiles: limit })).toThrow(/whole number of at least 1/);
    },
  );
});

describe("memory configuration", () => {
  it.each([Number.NaN, 0, -1, 2.5])("memoryTool refuses maxFileBytes %s when built", (maxFileBytes) => {
    expect(() => memoryTool({ store: inMemoryMemoryStore(), maxFileBytes })).toThrow(MemoryConfigError);
  });

  it("memoryTool refuses to be built without a store", () => {
    expect(() => memoryTool({} as never)).toThrow(/memoryTool needs a store/);
  });

  it.each(["", "  "])(
    "directoryMemoryStore refuses %j instead of rooting at the working directory",
    (directory) => {
      expect(() => directoryMemoryStore(directory)).toThrow(MemoryConfigError);
    },
  );

  it.each([
    ["empty", ""],
    ["padded", " C-1001"],
    ["trailing newline", "C-1001\n"],
    ["NUL", "C-10\u000001"],
    ["control character", "C-10\u001b01"],
    ["lone surrogate", "C-\ud800"],
    ["not a string", 1001],
  ])("checkMemoryScopeId refuses a %s id", (_, id) => {
    expect(() => checkMemoryScopeId("customer", id)).toThrow(
      expect.objectContaining({ code: "INVALID_MEMORY_SCOPE" }),
    );
  });

  it("checkMemoryScopeId keeps an ordinary id as it is", () => {
    expect(checkMemoryScopeId("customer", "C-1001 é")).toBe("C-1001 é");
  });
});
