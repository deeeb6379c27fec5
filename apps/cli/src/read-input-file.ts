import { readFile } from "node:fs/promises";
import { describeJsonError, describeReadError } from "@keel/diagnostics";
import { UsageError } from "./usage-error.js";

/*
 * The one wording of every command for a file it was given and cannot use, `<name>: <problem>.`, where the
 * name is the file as the user wrote it (`--script run.json`, `corpus.jsonl`) and the problem comes from
 * @keel/errors, which @keel/loop words its own files with:
 *   --script run.json: not readable: no such file (ENOENT).
 *   --script run.json: not valid JSON at line 3, column 7: a trailing comma.
 *   corpus.jsonl: not valid JSON Lines at line 2, column 13: expected true.
 * Node's own JSON messages are never repeated: they quote the text around the problem, which may be a secret.
 *
 * A byte order mark at the start (editors add one, JSON.parse rejects it) is stripped once, by readInputFile:
 * the parsers below take the text it returns.
 */

/** Reads a file a command was given, without a leading byte order mark; or a UsageError. */
export async function readInputFile(path: string, name: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new UsageError(`${name}: ${describeReadError(error)}.`);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** "not valid JSON at line 3, column 7: a trailing comma", for a text JSON.parse rejects. */
export function notValidJson(text: string): string {
  return describeJsonError(text);
}

/** JSON.parse, or a UsageError with the line and column. */
export function parseInputJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${name}: ${describeJsonError(text)}.`);
  }
}

/** One line of a JSON Lines file: its 1-based number in the file and its value. */
export interface JsonLine {
  readonly line: number;
  readonly value: unknown;
}

/** The values of a JSON Lines text, blank lines skipped; or a UsageError naming the line and the column. */
export function parseInputJsonLines(text: string, name: string): JsonLine[] {
  const values: JsonLine[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    if (raw.trim() === "") continue;
    try {
      values.push({ line: index + 1, value: JSON.parse(raw) });
    } catch {
      throw new UsageError(
        `${name}: ${describeJsonError(raw, { format: "JSON Lines", firstLine: index + 1 })}.`,
      );
    }
  }
  return values;
}
