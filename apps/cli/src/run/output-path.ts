import { accessSync, constants, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ENV_FILE } from "../env-file.js";
import { UsageError } from "../usage-error.js";

/** A file the command reads, as the user named it: `{ label: "--replay", file: "c.json" }`. */
export interface InputFile {
  /** How the messages name it: the option (`--replay`) or what it is (`the trace`). */
  readonly label: string;
  /** The path as given, relative to the working directory; undefined when the option was not given. */
  readonly file: string | undefined;
}

/**
 * The path of a file a command will write (`--trace FILE`, `--record FILE`, `--html OUT`), checked before
 * anything runs, or a UsageError: a run must not end by failing to save what it was asked to, nor by writing
 * over a file it reads (`inputs`, and the `.env` every command reads) — the same path however it is
 * spelled, or the same file through a link.
 *   --trace c.json: it would overwrite --replay c.json. Give it a file of its own.
 *   --trace out: it is a directory, not a file.
 *   --record notes.txt/run.json: /abs/notes.txt is a file, not a directory.
 *   --trace logs/run.json: the directory /abs/logs does not exist.
 */
export function outputPath(
  option: string,
  file: string | undefined,
  cwd: string,
  inputs: readonly InputFile[] = [],
): string | undefined {
  if (file === undefined) return undefined;
  if (file.trim() === "") throw new UsageError(`${option} needs a file name.`);
  const path = resolve(cwd, file);
  const environment: InputFile = { label: "the environment file", file: ENV_FILE };
  for (const input of [...inputs, environment]) {
    if (input.file !== undefined && sameFile(path, resolve(cwd, input.file)))
      throw new UsageError(
        `${option} ${file}: it would overwrite ${input.label} ${input.file}. Give it a file of its own.`,
      );
  }
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
function fileInTheWay(path: string): string | undefined {
  for (let current = path; ; current = dirname(current)) {
    const kind = kindOf(current);
    if (kind === "file") return current;
    if (kind === "directory" || dirname(current) === current) return undefined;
  }
}

/** The same path, or two that exist and are one file (a symbolic or hard link, a case-insensitive disk). */
function sameFile(one: string, other: string): boolean {
  if (one === other) return true;
  try {
    const [a, b] = [statSync(one), statSync(other)];
    return a.dev === b.dev && a.ino === b.ino;
  } catch {
    return false;
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
