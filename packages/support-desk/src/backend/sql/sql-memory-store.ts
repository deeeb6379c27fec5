import {
  checkMemoryScopeId,
  checkScopeWrite,
  checkStoredMemoryPath,
  memoryScopeLimits,
} from "@keel/tools/internal";
import {
  MemoryConfigError,
  type MemoryEntry,
  type MemoryScopeLimits,
  type MemoryStore,
} from "@keel/tools/memory";
import { type SqlDatabase, type SqlSession, sqlStatement } from "./database.js";

/**
 * Whose memory a store holds: one conversation's, or one customer's across their conversations. The scope
 * `SqlBackend.memoryStore` takes: its call of `sqlMemoryStore` checks the two agree.
 */
type MemoryScope =
  | { readonly conversationId: string; readonly customerId?: never }
  | { readonly customerId: string; readonly conversationId?: never };

const MEMORY = {
  kind: sqlStatement("keel_memory_kind", "SELECT kind FROM memory_files WHERE scope = $1 AND path = $2"),
  read: sqlStatement(
    "keel_memory_read",
    "SELECT content FROM memory_files WHERE scope = $1 AND path = $2 AND kind = 'file'",
  ),
  // starts_with, not LIKE: a name may hold % or _, which LIKE would read as wildcards.
  list: sqlStatement(
    "keel_memory_list",
    `SELECT path, kind, bytes FROM memory_files
      WHERE scope = $1 AND ($2 = '' OR starts_with(path, $2 || '/'))`,
  ),
  directory: sqlStatement(
    "keel_memory_directory",
    `INSERT INTO memory_files (scope, path, kind) VALUES ($1, $2, 'directory')
       ON CONFLICT (scope, path) DO UPDATE SET kind = memory_files.kind RETURNING kind`,
  ),
  write: sqlStatement(
    "keel_memory_write",
    `INSERT INTO memory_files (scope, path, kind, content, bytes) VALUES ($1, $2, 'file', $3, octet_length($3))
       ON CONFLICT (scope, path) DO UPDATE SET content = $3, bytes = octet_length($3), updated_at = now()
       WHERE memory_files.kind = 'file' RETURNING kind`,
  ),
  delete: sqlStatement(
    "keel_memory_delete",
    "DELETE FROM memory_files WHERE scope = $1 AND (path = $2 OR starts_with(path, $2 || '/'))",
  ),
  // One writer per scope at a time, until its transaction ends: the limit check and the write it allows are
  // atomic, so two concurrent writers cannot both fit in the room left for one.
  lock: sqlStatement("keel_memory_lock", "SELECT pg_advisory_xact_lock(hashtext('keel_memory:' || $1))"),
  usage: sqlStatement(
    "keel_memory_usage",
    `SELECT coalesce(sum(bytes), 0) AS bytes, count(*) AS files FROM memory_files
      WHERE scope = $1 AND kind = 'file' AND path <> $2`,
  ),
  rename: sqlStatement(
    "keel_memory_rename",
    `UPDATE memory_files SET path = $3 || substr(path, length($2) + 1), updated_at = now()
      WHERE scope = $1 AND (path = $2 OR starts_with(path, $2 || '/'))`,
  ),
} as const;

/** `customer:ID` or `conversation:ID`, the id checked by the tool's rule (checkMemoryScopeId); exactly one. */
const scopeKey = (scope: MemoryScope): string => {
  const given = scope as { readonly customerId?: unknown; readonly conversationId?: unknown };
  if ((given.customerId === undefined) === (given.conversationId === undefined)) {
    throw new MemoryConfigError(
      "INVALID_MEMORY_SCOPE",
      "memoryStore: give exactly one of customerId (a customer's memory) or conversationId (one conversation's).",
    );
  }
  return given.conversationId !== undefined
    ? `conversation:${checkMemoryScopeId("conversation", given.conversationId)}`
    : `customer:${checkMemoryScopeId("customer", given.customerId)}`;
};

const parentsOf = (path: string): string[] => {
  const names = path.split("/");
  return names.slice(0, -1).map((_, index) => names.slice(0, index + 1).join("/"));
};

/** Creates the directories above `path`; a file where one should be is refused (the tool checks first). */
async function makeParents(session: SqlSession, scope: string, path: string): Promise<void> {
  for (const parent of parentsOf(path)) {
    const [row] = await session.run<{ kind: string }>(MEMORY.directory, [scope, parent]);
    if (row?.kind !== "directory") throw new Error(`memory: /memories/${parent} is a file, not a directory`);
  }
}

/**
 * The memory tool's files in the store's `memory_files` table, one row per file or directory, under `scope`.
 * Paths are checked with the tool's own rules (checkStoredMemoryPath) before any statement runs, and only ever
 * bound as parameters; a write and its parent directories, and a move, are one transaction each. A write checks
 * the scope's `limits` in its transaction, under a lock on the scope (`MemoryScopeFullError`).
 */
export function sqlMemoryStore(
  database: SqlDatabase,
  scope: MemoryScope,
  limits: MemoryScopeLimits = {},
): MemoryStore {
  const key = scopeKey(scope);
  const checkedLimits = memoryScopeLimits(limits);
  const checked = (...paths: string[]): void => {
    for (const path of paths) checkStoredMemoryPath(path);
  };
  return {
    async kind(path) {
      checked(path);
      if (path === "") return "directory";
      const [row] = await database.run<{ kind: "file" | "directory" }>(MEMORY.kind, [key, path]);
      return row?.kind;
    },
    async read(path) {
      checked(path);
      const [row] = await database.run<{ content: string }>(MEMORY.read, [key, path]);
      return row?.content ?? "";
    },
    async list(path, depth) {
      checked(path);
      const base = path === "" ? 0 : path.split("/").length;
      const rows = await database.run<MemoryEntry>(MEMORY.list, [key, path]);
      return rows
        .filter((row) => {
          const below = row.path.split("/").slice(base);
          return below.length <= depth && !below.some((name) => name.startsWith("."));
        })
        .map((row) => ({ path: row.path, kind: row.kind, bytes: Number(row.bytes) }))
        .sort((left, right) => (left.path < right.path ? -1 : 1));
    },
    async write(path, text) {
      checked(path);
      if (path === "") throw new Error("memory: /memories itself is not a file");
      await database.transaction(async (session) => {
        await session.run(MEMORY.lock, [key]);
        const [usage] = await session.run<{ bytes: unknown; files: unknown }>(MEMORY.usage, [key, path]);
        checkScopeWrite(
          checkedLimits,
          { bytes: Number(usage?.bytes), files: Number(usage?.files) },
          path,
          text,
        );
        await makeParents(session, key, path);
        const written = await session.run(MEMORY.write, [key, path, text]);
        if (written.length === 0) throw new Error(`memory: /memories/${path} is a directory, not a file`);
      });
    },
    async delete(path) {
      checked(path);
      if (path === "") throw new Error("memory: /memories itself cannot be deleted");
      await database.run(MEMORY.delete, [key, path]);
    },
    async rename(from, to) {
      checked(from, to);
      if (from === "" || to === "" || `${to}/`.startsWith(`${from}/`)) {
        throw new Error(`memory: cannot move /memories/${from} to /memories/${to}`);
      }
      await database.transaction(async (session) => {
        await makeParents(session, key, to);
        await session.run(MEMORY.rename, [key, from, to]);
      });
    },
  };
}
