import { checkScopeWrite, type MemoryScopeLimits, memoryScopeLimits } from "./memory-scope.js";
import type { MemoryEntry, MemoryStore } from "./memory-store.js";

const parentsOf = (path: string): string[] => {
  const names = path.split("/");
  return names.slice(0, -1).map((_, index) => names.slice(0, index + 1).join("/"));
};

const isUnder = (path: string, directory: string): boolean =>
  directory === "" ? path !== "" : path.startsWith(`${directory}/`);

/**
 * A `MemoryStore` in this process's memory: for tests, and for memory that may end with the process. Each
 * call gives a new, empty store, one scope, held to `limits` like every store (`MemoryScopeFullError`).
 */
export function inMemoryMemoryStore(limits: MemoryScopeLimits = {}): MemoryStore {
  const checkedLimits = memoryScopeLimits(limits);
  const files = new Map<string, string>();
  const directories = new Set<string>();
  const addParents = (path: string) => {
    for (const parent of parentsOf(path)) directories.add(parent);
  };
  const kind = (path: string) =>
    path === "" || directories.has(path) ? "directory" : files.has(path) ? "file" : undefined;
  return {
    kind: async (path) => kind(path),
    read: async (path) => files.get(path) ?? "",
    async list(path, depth) {
      const base = path === "" ? 0 : path.split("/").length;
      const entries: MemoryEntry[] = [];
      const visible = (entry: string) =>
        isUnder(entry, path) &&
        entry.split("/").length - base <= depth &&
        !entry
          .split("/")
          .slice(base)
          .some((name) => name.startsWith("."));
      for (const directory of directories)
        if (visible(directory)) entries.push({ path: directory, kind: "directory", bytes: 0 });
      for (const [file, text] of files)
        if (visible(file)) entries.push({ path: file, kind: "file", bytes: Buffer.byteLength(text) });
      return entries.sort((left, right) => (left.path < right.path ? -1 : 1));
    },
    async write(path, text) {
      let bytes = 0;
      let count = 0;
      for (const [file, content] of files) {
        if (file === path) continue;
        bytes += Buffer.byteLength(content);
        count += 1;
      }
      checkScopeWrite(checkedLimits, { bytes, files: count }, path, text);
      addParents(path);
      files.set(path, text);
    },
    async delete(path) {
      files.delete(path);
      directories.delete(path);
      for (const file of [...files.keys()]) if (isUnder(file, path)) files.delete(file);
      for (const directory of [...directories]) if (isUnder(directory, path)) directories.delete(directory);
    },
    async rename(from, to) {
      addParents(to);
      const moved = (path: string) => `${to}${path.slice(from.length)}`;
      if (files.has(from)) {
        files.set(to, files.get(from)!);
        files.delete(from);
        return;
      }
      directories.add(to);
      directories.delete(from);
      for (const [file, text] of [...files]) {
        if (!isUnder(file, from)) continue;
        files.delete(file);
        files.set(moved(file), text);
      }
      for (const directory of [...directories]) {
        if (!isUnder(directory, from)) continue;
        directories.delete(directory);
        directories.add(moved(directory));
      }
    },
  };
}
