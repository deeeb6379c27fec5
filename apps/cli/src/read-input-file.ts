import { readFile } from "node:fs/promises";
import { UsageError } from "./usage-error.js";

const WHY: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EISDIR: "it is a directory",
  ENOTDIR: "a part of the path is not a directory",
};

/**
 * Reads a file a command was given, or a UsageError in the one wording every command uses:
 * `Cannot read the cassette run.json: no such file (ENOENT).`
 */
export async function readInputFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === undefined ? String(error) : `${WHY[code] ?? "unreadable"} (${code})`;
    throw new UsageError(`Cannot read ${what} ${path}: ${why}.`);
  }
}

/**
 * JSON.parse, or a UsageError in one wording with the place as line:column: `The cassette run.json is not
 * valid JSON at line 3, column 7.` Node's own message is not repeated: it quotes the text around the
 * problem, which may be a secret.
 */
export function parseInputJson(text: string, path: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${capitalise(what)} ${path} is not valid JSON${jsonErrorPlace(text, error)}.`);
  }
}

/** " at line L, column C" for a JSON.parse error, or "" when Node's message gives no position. */
export function jsonErrorPlace(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  const position = /position (\d+)/.exec(message)?.[1];
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return ` at line ${lineColumn[1]}, column ${lineColumn[2]}`;
  if (position === undefined) return /Unexpected end/.test(message) ? " (it ends too early)" : "";
  const before = text.slice(0, Number(position)).split("\n");
  return ` at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
