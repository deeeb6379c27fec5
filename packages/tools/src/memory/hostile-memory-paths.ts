/**
 * The memory tool's hostile corpus: paths a model may send that must be refused before any store sees
 * them, each with the category and code it is refused with. Every store's tests run it through every
 * command (`hostileMemoryCalls`) and check that nothing was stored: the directory and in-memory stores
 * here, the SQL store in @keel/support-desk, the agent loop in reliability's hostile corpus.
 */
export const HOSTILE_MEMORY_PATHS: ReadonlyArray<
  readonly [path: string, category: "permission" | "validation", code: string]
> = [
  ["/memories/../secret.txt", "permission", "MEMORY_PATH_OUTSIDE_ROOT"],
  ["/memories/notes/../../etc/passwd", "permission", "MEMORY_PATH_OUTSIDE_ROOT"],
  ["/etc/passwd", "permission", "MEMORY_PATH_OUTSIDE_ROOT"],
  ["/memoriesX/a.md", "permission", "MEMORY_PATH_OUTSIDE_ROOT"],
  ["notes.md", "validation", "MEMORY_PATH_INVALID"],
  ["/memories/a.md\u0000.txt", "validation", "MEMORY_PATH_INVALID"],
  ["/memories/a\\..\\..\\b", "validation", "MEMORY_PATH_INVALID"],
  ["/memories/./a.md", "validation", "MEMORY_PATH_INVALID"],
  ["/memories//a.md", "validation", "MEMORY_PATH_INVALID"],
  ["/memories/a\nb.md", "validation", "MEMORY_PATH_INVALID"],
  ["/memories/a\u001b[2Jb.md", "validation", "MEMORY_PATH_INVALID"],
  [`/memories/${"x".repeat(256)}`, "validation", "MEMORY_PATH_INVALID"],
  [`/memories/${"é".repeat(128)}`, "validation", "MEMORY_PATH_INVALID"],
  [`/memories/${"a/".repeat(600)}b`, "validation", "MEMORY_PATH_INVALID"],
];

/** Every memory command naming `path`, as the model would send them (rename both ways). */
export const hostileMemoryCalls = (path: string): readonly Record<string, unknown>[] => [
  { command: "view", path },
  { command: "create", path, file_text: "x" },
  { command: "str_replace", path, old_str: "a", new_str: "b" },
  { command: "insert", path, insert_line: 0, insert_text: "x" },
  { command: "delete", path },
  { command: "rename", old_path: path, new_path: "/memories/b.md" },
  { command: "rename", old_path: "/memories/b.md", new_path: path },
];
