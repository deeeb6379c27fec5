import { randomUUID } from "node:crypto";
import * as fs from "node:fs/promises";
import * as nodePath from "node:path";
import { MemoryConfigError } from "../config-errors.js";
import { MemoryPathError } from "./memory-path.js";
import { checkScopeWrite, type MemoryScopeLimits, memoryScopeLimits } from "./memory-scope.js";
import type { MemoryEntry, MemoryStore } from "./memory-store.js";

// Owner-only modes, as @anthropic-ai/sdk's BetaLocalFilesystemMemoryTool uses (a permissive umask would
// otherwise make memory world-readable).
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

const code = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** Files under `absolute` (hidden ones too: they take space) apart from `except`, and their bytes. */
async function usage(absolute: string, except: string): Promise<{ bytes: number; files: number }> {
  const total = { bytes: 0, files: 0 };
  const walk = async (directory: string): Promise<void> => {
    for (const entry of await fs.readdir(directory, { withFileTypes: true })) {
      const full = nodePath.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && full !== except && !entry.name.startsWith(".tmp-")) {
        total.bytes += (await fs.stat(full)).size;
        total.files += 1;
      }
    }
  };
  await walk(absolute);
  return total;
}

/**
 * A `MemoryStore` in a directory of the file system (created if missing). Every path is resolved inside the
 * directory and its real path checked before use: a symbolic link leading out of the directory is refused
 * (`MemoryPathError`), listings leave symbolic links out, and files are written whole through a temporary file
 * and a rename, so a reader never sees half a file. Scope it per customer or conversation by giving each its
 * own directory — built from an id you checked, never one that could be `..`. The whole directory is held to
 * `limits` (`MemoryScopeFullError`); writes through one store are serialised so that check holds for them,
 * not for two processes writing the same directory. Throws `MemoryConfigError` for an empty directory.
 */
export function directoryMemoryStore(directory: string, limits: MemoryScopeLimits = {}): MemoryStore {
  if (typeof directory !== "string" || directory.trim() === "") {
    throw new MemoryConfigError(
      "INVALID_MEMORY_OPTION",
      `directoryMemoryStore needs a directory, got ${JSON.stringify(directory)} (an empty one would be the working directory).`,
    );
  }
  const checkedLimits = memoryScopeLimits(limits);
  const root = nodePath.resolve(directory);
  let writing: Promise<unknown> = Promise.resolve();
  const serialised = <T>(write: () => Promise<T>): Promise<T> => {
    const next = writing.then(write, write);
    writing = next.catch(() => undefined);
    return next;
  };
  let ready: Promise<string> | undefined;
  const realRoot = () => {
    ready ??= fs.mkdir(root, { recursive: true, mode: DIRECTORY_MODE }).then(() => fs.realpath(root));
    return ready;
  };

  /** The absolute path of `relative`, after checking that its deepest existing ancestor is inside the root. */
  const inside = async (relative: string): Promise<string> => {
    const base = await realRoot();
    const target = relative === "" ? root : nodePath.join(root, ...relative.split("/"));
    for (let current = target; ; current = nodePath.dirname(current)) {
      try {
        const real = await fs.realpath(current);
        if (real !== base && !real.startsWith(base + nodePath.sep)) {
          throw new MemoryPathError(
            "MEMORY_PATH_OUTSIDE_ROOT",
            `/memories/${relative} leads out of the memory directory`,
          );
        }
        return target;
      } catch (error) {
        if (code(error) !== "ENOENT" || current === root) throw error;
      }
    }
  };

  const list = async (absolute: string, prefix: string, depth: number, into: MemoryEntry[]) => {
    if (depth === 0) return;
    for (const entry of await fs.readdir(absolute, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      const full = nodePath.join(absolute, entry.name);
      if (entry.isDirectory()) {
        into.push({ path, kind: "directory", bytes: 0 });
        await list(full, path, depth - 1, into);
      } else if (entry.isFile()) {
        into.push({ path, kind: "file", bytes: (await fs.stat(full)).size });
      }
    }
  };

  return {
    async kind(path) {
      try {
        const stat = await fs.stat(await inside(path));
        return stat.isDirectory() ? "directory" : stat.isFile() ? "file" : undefined;
      } catch (error) {
        if (code(error) === "ENOENT") return undefined;
        throw error;
      }
    },
    read: async (path) => fs.readFile(await inside(path), "utf8"),
    async list(path, depth) {
      const entries: MemoryEntry[] = [];
      await list(await inside(path), path, depth, entries);
      return entries.sort((left, right) => (left.path < right.path ? -1 : 1));
    },
    write: (path, text) =>
      serialised(async () => {
        const target = await inside(path);
        const others = await usage(root, target);
        checkScopeWrite(checkedLimits, others, path, text);
        await fs.mkdir(nodePath.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
        const temporary = nodePath.join(nodePath.dirname(target), `.tmp-${randomUUID()}`);
        try {
          await fs.writeFile(temporary, text, { encoding: "utf8", mode: FILE_MODE, flag: "wx" });
          await fs.rename(temporary, target);
        } catch (error) {
          await fs.rm(temporary, { force: true });
          throw error;
        }
      }),
    delete: async (path) => fs.rm(await inside(path), { recursive: true }),
    async rename(from, to) {
      const source = await inside(from);
      const target = await inside(to);
      await fs.mkdir(nodePath.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
      await fs.rename(source, target);
    },
  };
}
