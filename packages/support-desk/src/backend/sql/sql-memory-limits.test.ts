import type { ToolOutcome } from "@keel/errors";
import { MemoryConfigError, MemoryScopeFullError, type MemoryStore, memoryTool } from "@keel/tools/memory";
import { describe, expect, it } from "vitest";
import { toolContext } from "../../tools/tool-context.test-helpers.js";
import type { SqlBackend } from "./sql-backend.js";
import { pgliteBackends, postgresBackends } from "./sql-backends.test-helpers.js";

const context = toolContext();
const memory =
  (store: MemoryStore) =>
  async (input: Record<string, unknown>): Promise<ToolOutcome> =>
    (await memoryTool({ store }).handler(input, context)) as ToolOutcome;

function describeSqlMemoryLimits(name: string, open: () => Promise<SqlBackend>) {
  describe(`memory bounds on the ${name} store`, () => {
    it("refuses NUL and lone surrogates in create, str_replace and insert as validation, storing nothing", async () => {
      const backend = await open();
      const store = backend.memoryStore({ customerId: "C-1001" });
      const call = memory(store);
      await call({ command: "create", path: "/memories/a.md", file_text: "kept" });
      for (const bad of ["x\u0000y", "x\udc00y"]) {
        for (const input of [
          { command: "create", path: "/memories/b.md", file_text: bad },
          { command: "str_replace", path: "/memories/a.md", old_str: "kept", new_str: bad },
          { command: "insert", path: "/memories/a.md", insert_line: 1, insert_text: bad },
        ]) {
          expect(await call(input)).toMatchObject({ category: "validation", code: "MEMORY_TEXT_INVALID" });
        }
      }
      expect(await store.list("", 9)).toEqual([{ path: "a.md", kind: "file", bytes: 4 }]);
      expect(await store.read("a.md")).toBe("kept");
      await backend.close();
    });

    it.each([
      ["a NUL in the id", { customerId: "C-10\u000001" }],
      ["padding", { customerId: " C-1001" }],
      ["a control character", { conversationId: "conv\u001b1" }],
      ["both ids", { customerId: "C-1001", conversationId: "conv-1" }],
      ["neither id", {}],
    ])("refuses a scope with %s as INVALID_MEMORY_SCOPE, before any statement", async (_, scope) => {
      const backend = await open();
      expect(() => backend.memoryStore(scope as never)).toThrow(
        expect.objectContaining({ code: "INVALID_MEMORY_SCOPE" }),
      );
      expect(() => backend.memoryStore(scope as never)).toThrow(MemoryConfigError);
      await backend.close();
    });

    it("holds a scope to 1,000,000 bytes by default, and other scopes keep their own room", async () => {
      const backend = await open();
      const call = memory(backend.memoryStore({ customerId: "C-1001" }));
      const file = "x".repeat(100_000);
      for (let index = 0; index < 10; index++) {
        expect(
          await call({ command: "create", path: `/memories/${index}.md`, file_text: file }),
        ).toMatchObject({
          kind: "success",
        });
      }
      expect(await call({ command: "create", path: "/memories/10.md", file_text: file })).toMatchObject({
        category: "business",
        code: "MEMORY_SCOPE_FULL",
      });
      const other = memory(backend.memoryStore({ customerId: "C-1002" }));
      expect(await other({ command: "create", path: "/memories/0.md", file_text: file })).toMatchObject({
        kind: "success",
      });
      await backend.close();
    });

    it("lets only one of six concurrent writers take the last place in a scope", async () => {
      const backend = await open();
      const limits = { maxScopeFiles: 1 };
      // Connections opened first, so the writers' transactions overlap instead of queueing behind a connect.
      await Promise.all(
        [1, 2, 3, 4, 5, 6].map(() => backend.memoryStore({ conversationId: "conv-1" }).list("", 1)),
      );
      const writers = [1, 2, 3, 4, 5, 6].map((index) =>
        backend.memoryStore({ conversationId: "conv-1" }, limits).write(`note-${index}.md`, "x"),
      );
      const settled = await Promise.allSettled(writers);
      expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = settled.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      expect(refused.every((error) => MemoryScopeFullError.isInstance(error))).toBe(true);
      expect(await backend.memoryStore({ conversationId: "conv-1" }).list("", 9)).toHaveLength(1);
      await backend.close();
    });

    it("refuses a limit that is not a whole number of at least 1 when the store is built", async () => {
      const backend = await open();
      for (const maxScopeBytes of [Number.NaN, 0, -1]) {
        expect(() => backend.memoryStore({ customerId: "C-1001" }, { maxScopeBytes })).toThrow(
          MemoryConfigError,
        );
      }
      await backend.close();
    });
  });
}

const pglite = pgliteBackends();
describeSqlMemoryLimits("PGlite", () => pglite());

const postgres = postgresBackends();
// Registered only when a PostgreSQL is configured (CI sets DATABASE_URL): never a skipped test.
if (postgres) describeSqlMemoryLimits("PostgreSQL", () => postgres());
