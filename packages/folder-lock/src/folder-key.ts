import { randomBytes } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { makeFolder } from "./make-folder.js";

/** A key kept in a file, as {@link folderKey} found or made it. */
export interface FolderKey {
  readonly key: string;
  /** True when this call made the file. */
  readonly created: boolean;
}

/**
 * The key in `file`, made on first use: 32 random bytes as 64 hex characters, mode 0600, in `dir` (made with
 * `dirMode` when missing). Of two processes making it at once, one writes it and the other reads that one.
 * A file holding fewer than `minBytes` throws what `tooShort(file, size)` returns: a key is never guessed.
 */
export function folderKey(
  dir: string,
  file: string,
  options: {
    readonly minBytes: number;
    readonly tooShort: (file: string, size: number) => Error;
    readonly dirMode?: number | undefined;
  },
): FolderKey {
  const existing = readKeyFile(file, options);
  if (existing !== undefined) return { key: existing, created: false };
  makeFolder(dir, { mode: options.dirMode });
  const key = randomBytes(32).toString("hex");
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
    return { key, created: true };
  } catch (error) {
    const raced = readKeyFile(file, options);
    if ((error as NodeJS.ErrnoException).code === "EEXIST" && raced !== undefined) {
      return { key: raced, created: false };
    }
    throw error;
  }
}

/** The key in `file`; undefined when there is no file. */
function readKeyFile(
  file: string,
  options: { readonly minBytes: number; readonly tooShort: (file: string, size: number) => Error },
): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = text.trim();
  if (Buffer.byteLength(key) < options.minBytes) throw options.tooShort(file, statSync(file).size);
  return key;
}
