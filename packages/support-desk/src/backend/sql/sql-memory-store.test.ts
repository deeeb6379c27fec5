import { KeelConfigError, type ToolOutcome } from "@keel/errors";
import { HOSTILE_MEMORY_PATHS, hostileMemoryCalls } from "@keel/tools/internal";
import { MemoryPathError, type MemoryStore, memoryTool } from "@keel/tools/memory";
import { describe, expect, it } from "vitest";
import { toolContext } from "../../tools/tool-context.test-helpers.js";
import type { SqlBackend } from "./sql-backend.js";
import { pgliteBackends, postgresBackends } from "./sql-backends.test-helpers.js";

const context = toolContext();

/** Calls the memory tool's handler over `store`, as the toolset does once the input has passed its schema. */
const memory =
  (store: MemoryStore) =>
  async (input: Record<string, unknown>): Promise<ToolOutcome> =>
    (await memoryTool({ store }).handler(input, context)) as ToolOutcome;

const textOf = (outcome: ToolOutcome) => (outcome.kind === "success" ? String(outcome.data) : outcome);

function describeSqlMemory(name: string, open: () => Promise<SqlBackend>) {
  describe(`the memory tool on the ${name} store`, () => {
    it("creates, edits, lists, renames and deletes files, kept across a new store over the same scope", async () => {
      const backend = await open();
      const call = memory(backend.memoryStore({ customerId: "C-1001" }));
      await call({ command: "create", path: "/memories/acme/plan.md", file_text: "plan: pro\nseats: 5" });
      await call({ command: "str_replace", path: "/memories/acme/plan.md", old_str: "5", new_str: "8" });
      await call({
        command: "insert",
        path: "/memories/acme/plan.md",
        insert_line: 0,
        insert_text: "# Acme",
      });
      await call({ command: "create", path: "/memories/100%_sure.md", file_text: "é" });
      await call({ command: "create", path: "/memories/.hidden", file_text: "x" });
      const again = memory(backend.memoryStore({ customerId: "C-1001" }));
      expect(textOf(await again({ command: "view", path: "/memories" }))).toBe(
        "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items:\n" +
          "0B\t/memories\n2B\t/memories/100%_sure.md\n0B\t/memories/acme/\n25B\t/memories/acme/plan.md",
      );
      expect(textOf(await again({ command: "view", path: "/memories/acme/plan.md" }))).toBe(
        "Here's the content of /memories/acme/plan.md with line numbers:\n     1\t# Acme\n     2\tplan: pro\n     3\tseats: 8",
      );
      await again({ command: "rename", old_path: "/memories/acme", new_path: "/memories/old/acme" });
      expect(textOf(await again({ command: "view", path: "/memories/old/acme/plan.md" }))).toContain(
        "seats: 8",
      );
      expect(await again({ command: "view", path: "/memories/acme/plan.md" })).toMatchObject({
        kind: "empty",
      });
      await again({ command: "delete", path: "/memories/old" });
      const store = backend.memoryStore({ customerId: "C-1001" });
      expect((await store.list("", 9)).map((entry) => entry.path)).toEqual(["100%_sure.md"]);
      await backend.close();
    });

    it("keeps each customer's and each conversation's files apart", async () => {
      const backend = await open();
      await memory(backend.memoryStore({ customerId: "C-1001" }))({
        command: "create",
        path: "/memories/a.md",
        file_text: "alice",
      });
      for (const scope of [{ customerId: "C-1002" }, { conversationId: "C-1001" }]) {
        const other = backend.memoryStore(scope);
        expect(await other.list("", 9)).toEqual([]);
        expect(await other.kind("a.md")).toBeUndefined();
        await memory(other)({ command: "create", path: "/memories/a.md", file_text: "bob" });
      }
      const alice = memory(backend.memoryStore({ customerId: "C-1001" }));
      expect(textOf(await alice({ command: "view", path: "/memories/a.md" }))).toContain("1\talice");
      await backend.close();
    });

    it("refuses an empty scope id as a KeelConfigError", async () => {
      const backend = await open();
      const thrown = (() => {
        try {
          backend.memoryStore({ customerId: " " });
        } catch (error) {
          return error;
        }
      })();
      expect(KeelConfigError.isInstance(thrown)).toBe(true);
      await backend.close();
    });

    it("refuses a file over maxFileBytes and a file inside a file, storing nothing", async () => {
      const backend = await open();
      const store = backend.memoryStore({ conversationId: "run_1" });
      const small = async (input: Record<string, unknown>) =>
        (await memoryTool({ store, maxFileBytes: 4 }).handler(input, context)) as ToolOutcome;
      expect(await small({ command: "create", path: "/memories/a.md", file_text: "12345" })).toMatchObject({
        code: "MEMORY_FILE_TOO_LARGE",
      });
      await small({ command: "create", path: "/memories/a.md", file_text: "1234" });
      expect(await small({ command: "create", path: "/memories/a.md/b", file_text: "1" })).toMatchObject({
        code: "MEMORY_NOT_A_DIRECTORY",
      });
      expect((await store.list("", 9)).map((entry) => entry.path)).toEqual(["a.md"]);
      await backend.close();
    });

    it.each(HOSTILE_MEMORY_PATHS)(
      "refuses %j (%s %s) for every command, storing nothing",
      async (path, category, code) => {
        const backend = await open();
        const store = backend.memoryStore({ customerId: "C-1001" });
        for (const input of hostileMemoryCalls(path)) {
          expect(await memory(store)(input)).toMatchObject({ kind: "error", category, code });
        }
        expect(await store.list("", 99)).toEqual([]);
        await backend.close();
      },
    );

    it("refuses, called directly, a path the tool would never pass it, before any statement", async () => {
      const backend = await open();
      const store = backend.memoryStore({ customerId: "C-1001" });
      for (const path of ["../x", "a/../../b", "/etc/passwd", "a//b", "a/", "a\u0000b", "./a"]) {
        await expect(store.write(path, "x")).rejects.toSatisfy(MemoryPathError.isInstance);
        await expect(store.rename("a", path)).rejects.toSatisfy(MemoryPathError.isInstance);
      }
      expect(await store.list("", 99)).toEqual([]);
      await backend.close();
    });
  });
}

const pglite = pgliteBackends();
describeSqlMemory("PGlite", () => pglite());

const postgres = postgresBackends();
// Registered only when a PostgreSQL is configured (CI sets DATABASE_URL): never a skipped test.
if (postgres) describeSqlMemory("PostgreSQL", () => postgres());
