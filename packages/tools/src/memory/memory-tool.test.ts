import type { ToolOutcome } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { createToolset } from "../toolset/create-toolset.js";
import { callTool } from "../toolset/toolset.test-helpers.js";
import { inMemoryMemoryStore } from "./in-memory-store.js";
import { memoryTool } from "./memory-tool.js";

function memory(maxFileBytes?: number) {
  const tool = memoryTool({ store: inMemoryMemoryStore(), maxFileBytes });
  return (input: Record<string, unknown>): Promise<ToolOutcome> => callTool(tool, input);
}

const textOf = (outcome: ToolOutcome) => (outcome.kind === "success" ? String(outcome.data) : outcome);

describe("memoryTool", () => {
  it("is sent as the API's memory tool type, named memory", () => {
    const toolset = createToolset([memoryTool({ store: inMemoryMemoryStore() })]);
    expect(toolset.anthropicTools).toEqual([{ type: "memory_20250818", name: "memory" }]);
  });

  it("declares view a read and every other command a write", () => {
    const tool = memoryTool({ store: inMemoryMemoryStore() });
    expect(tool.effect).toBe("write");
    expect(tool.callEffect?.({ command: "view", path: "/memories" })).toBe("read");
    for (const command of ["create", "str_replace", "insert", "delete", "rename", undefined]) {
      expect(tool.callEffect?.({ command })).toBe("write");
    }
  });

  it("creates, views with line numbers, replaces, inserts, renames and deletes", async () => {
    const call = memory();
    expect(
      textOf(await call({ command: "create", path: "/memories/acme.md", file_text: "plan: pro\nseats: 5" })),
    ).toBe("File created successfully at: /memories/acme.md");
    expect(textOf(await call({ command: "view", path: "/memories/acme.md" }))).toBe(
      "Here's the content of /memories/acme.md with line numbers:\n     1\tplan: pro\n     2\tseats: 5",
    );
    expect(
      textOf(
        await call({
          command: "str_replace",
          path: "/memories/acme.md",
          old_str: "seats: 5",
          new_str: "seats: 8",
        }),
      ),
    ).toContain("     2\tseats: 8");
    await call({ command: "insert", path: "/memories/acme.md", insert_line: 0, insert_text: "# Acme\n" });
    expect(textOf(await call({ command: "view", path: "/memories/acme.md", view_range: [1, 2] }))).toBe(
      "Here's the content of /memories/acme.md with line numbers:\n     1\t# Acme\n     2\tplan: pro",
    );
    await call({ command: "rename", old_path: "/memories/acme.md", new_path: "/memories/customers/acme.md" });
    expect(textOf(await call({ command: "view", path: "/memories" }))).toContain(
      "/memories/customers/acme.md",
    );
    expect(textOf(await call({ command: "delete", path: "/memories/customers" }))).toBe(
      "Successfully deleted /memories/customers",
    );
    expect(await call({ command: "view", path: "/memories/customers/acme.md" })).toMatchObject({
      kind: "empty",
      code: "MEMORY_PATH_NOT_FOUND",
    });
  });

  it("refuses an ambiguous or missing old_str, an existing file and an out-of-range line, changing nothing", async () => {
    const call = memory();
    await call({ command: "create", path: "/memories/a.md", file_text: "x\nx" });
    expect(
      await call({ command: "str_replace", path: "/memories/a.md", old_str: "x", new_str: "y" }),
    ).toMatchObject({ code: "MEMORY_TEXT_NOT_UNIQUE", category: "validation" });
    expect(
      await call({ command: "str_replace", path: "/memories/a.md", old_str: "z", new_str: "y" }),
    ).toMatchObject({ code: "MEMORY_TEXT_NOT_FOUND" });
    expect(await call({ command: "create", path: "/memories/a.md", file_text: "new" })).toMatchObject({
      code: "MEMORY_PATH_EXISTS",
      category: "business",
    });
    expect(
      await call({ command: "insert", path: "/memories/a.md", insert_line: 9, insert_text: "y" }),
    ).toMatchObject({ code: "MEMORY_LINE_OUT_OF_RANGE" });
    expect(textOf(await call({ command: "view", path: "/memories/a.md" }))).toContain("     2\tx");
  });

  it("refuses a file over maxFileBytes and the root as a target", async () => {
    const call = memory(10);
    expect(
      await call({ command: "create", path: "/memories/big.md", file_text: "x".repeat(11) }),
    ).toMatchObject({ code: "MEMORY_FILE_TOO_LARGE" });
    expect(await call({ command: "delete", path: "/memories" })).toMatchObject({
      code: "MEMORY_ROOT_PROTECTED",
      category: "permission",
    });
  });

  it("refuses a file or a move inside a path that is a file, storing nothing", async () => {
    const call = memory();
    await call({ command: "create", path: "/memories/a.md", file_text: "x" });
    await call({ command: "create", path: "/memories/b.md", file_text: "y" });
    const refused = { kind: "error", category: "validation", code: "MEMORY_NOT_A_DIRECTORY" };
    expect(await call({ command: "create", path: "/memories/a.md/c.md", file_text: "z" })).toMatchObject(
      refused,
    );
    expect(
      await call({ command: "rename", old_path: "/memories/b.md", new_path: "/memories/a.md/deep/b.md" }),
    ).toMatchObject(refused);
    expect(textOf(await call({ command: "view", path: "/memories" }))).toBe(
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items:\n0B\t/memories\n1B\t/memories/a.md\n1B\t/memories/b.md",
    );
  });

  it("names the field a command is missing", async () => {
    const outcome = await memory()({ command: "create", path: "/memories/a.md" });
    expect(outcome).toMatchObject({ kind: "error", category: "validation", code: "INVALID_INPUT" });
    expect(JSON.stringify(outcome)).toContain("file_text");
  });
});
