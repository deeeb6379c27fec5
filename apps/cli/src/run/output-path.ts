import { accessSync, constants, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UsageError } from "../usage-error.js";

/**
 * The path of a file a command will write (`--trace FILE`, `--record FILE`, `--html OUT`), checked before
 * anything runs, or a UsageError: a run must not end by failing to save what it was asked to.
 *   --trace out: it is a directory, not a file.
 *   --record notes.txt/run.json: /abs/notes.txt is a file, not a directory.
 *   --trace logs/run.json: the directory /abs/logs does not exist.
 */
export function outputPath(option: string, file: string | undefined, cwd: string): string | undefined {
  if (file === undefined) return undefined;
  if (file.trim() === "") throw new UsageError(`${option} needs a file name.`);
  const path = resolve(cwd, file);
  if (kindOf(path) === "directory") throw new UsageError(`${option} ${file}: it is a directory, not a file.`);
  const directory = dirname(path);
  const inTheWay = fileInTheWay(directory);
  if (inTheWay !== undefined)
    throw new UsageError(`${option} ${file}: ${inTheWay} is a file, not a directory.`);
  if (kindOf(directory) !== "directory")
    throw new UsageError(`${option} ${file}: the directory ${directory} does not exist.`);
  try {
    accessSync(directory, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "EACCES";
    throw new UsageError(`${option} ${file}: the directory ${directory} is not writable (${code}).`);
  }
  return path;
}

/**
 * The nearest of `path` and its parents that exists and is not a directory (a regular file where a folder
 * must be), or undefined: nothing is in the way of making `path` a directory.
 */
export function fileInTheWay(path: string): string | undefined {
  for (let current = path; ; current = dirname(current)) {
    const kind = kindOf(current);
    if (kind === "file") return current;
    if (kind === "directory" || dirname(current) === current) return undefined;
  }
}

function kindOf(path: string): "directory" | "file" | "missing" {
  try {
    return statSync(path).isDirectory() ? "directory" : "file";
  } catch {
    // ENOENT, or ENOTDIR when a parent is a file: the parent is found as the walk goes up.
    return "missing";
  }
}
