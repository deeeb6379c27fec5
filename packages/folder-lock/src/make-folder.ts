import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** Why `mkdir` failed, in words, by its error code. */
const WHY: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "read-only file system",
  ENOENT: "this file system allows no new folder there",
  ENOSPC: "no space left on the device",
  ENOTDIR: "a file is in the way",
};

/**
 * `mkdir -p`, one level at a time, for every folder Keel keeps a store, a lock or a key in. Node 20's
 * recursive `mkdir` (sync and async) never settles on a path it cannot create under some parents
 * (`/proc/x`); one level at a time fails at once, with an error that names the folder and says why:
 * `the folder /proc/x cannot be created (ENOENT: this file system allows no new folder there)`. `mode` is
 * given to the last level only (a credential folder's 0700); the parents get the default.
 */
export function makeFolder(path: string, options: { readonly mode?: number | undefined } = {}): void {
  const absolute = resolve(path);
  if (existsSync(absolute)) return;
  const parent = dirname(absolute);
  if (parent !== absolute) makeFolder(parent);
  try {
    mkdirSync(absolute, options.mode === undefined ? undefined : { mode: options.mode });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code === "EEXIST") return;
    const why = WHY[code] ?? (error as Error).message;
    throw new Error(`the folder ${absolute} cannot be created (${code ? `${code}: ` : ""}${why})`, {
      cause: error,
    });
  }
}
