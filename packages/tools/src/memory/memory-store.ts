/** A file or directory under the memory root. */
export interface MemoryEntry {
  /** Relative to the root, `/`-separated; a directory's ends without a slash. */
  readonly path: string;
  readonly kind: "file" | "directory";
  /** UTF-8 size of a file; 0 for a directory. */
  readonly bytes: number;
}

/**
 * Where the memory tool keeps its files: your application provides it (a directory, a database table, a
 * key-value store), scoped as you need (per customer, per conversation). Paths are relative to the memory
 * root, `/`-separated, already checked by the tool (no `..`, no NUL, no absolute path); `""` is the root.
 * The tool owns the commands' rules (unique `old_str`, line numbers, what exists); a store only stores.
 * A store that finds a path leading out of its root (a symbolic link) throws `MemoryPathError`.
 */
export interface MemoryStore {
  /** What is at the path, or undefined when nothing is. The root is always a directory. */
  kind(path: string): Promise<"file" | "directory" | undefined>;
  /** A file's text. */
  read(path: string): Promise<string>;
  /** Entries under a directory, `depth` levels down (1: its children), sorted by path; hidden names left out. */
  list(path: string, depth: number): Promise<readonly MemoryEntry[]>;
  /** Writes a file whole, creating its parent directories. */
  write(path: string, text: string): Promise<void>;
  /** Deletes a file, or a directory with everything in it. */
  delete(path: string): Promise<void>;
  /** Moves a file or directory to a path where nothing is yet, creating its parent directories. */
  rename(from: string, to: string): Promise<void>;
}
