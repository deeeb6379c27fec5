import { type ErrorOutcome, KeelError, permissionError, validationError } from "@keel/errors";

/** The directory every memory path names (the memory tool's contract: paths start with `/memories`). */
export const MEMORY_ROOT = "/memories";
const MAX_PATH_LENGTH = 1024;
const MAX_NAME_BYTES = 255;

/** A checked memory path: as the model wrote it, and relative to the root (`""` is the root itself). */
export interface MemoryPath {
  readonly text: string;
  readonly relative: string;
}

/**
 * A path that leads out of the memory root, found by a store (a symbolic link inside the root pointing out
 * of it). The memory tool answers it with a `permission` error, `MEMORY_PATH_OUTSIDE_ROOT`.
 */
export class MemoryPathError extends KeelError<"MEMORY_PATH_OUTSIDE_ROOT"> {
  static override readonly errorName = "MemoryPathError";
}

export const outsideRoot = (path: string, why: string): ErrorOutcome =>
  permissionError(
    "MEMORY_PATH_OUTSIDE_ROOT",
    `${JSON.stringify(path)} ${why}; memory lives under ${MEMORY_ROOT} only.`,
  );

const invalid = (path: string, why: string): ErrorOutcome =>
  validationError("MEMORY_PATH_INVALID", `${JSON.stringify(path)} ${why}.`);

/**
 * Checks a path the model sent before any store sees it: NUL bytes, control characters and backslashes are
 * invalid (`validation`); a path outside `/memories` — another absolute path, or one climbing out with `..` —
 * is refused (`permission`). `.` and empty segments are invalid too, so each file has exactly one name.
 */
export function parseMemoryPath(text: string): MemoryPath | ErrorOutcome {
  if (text.includes("\u0000")) return invalid(text.replaceAll("\u0000", "\\0"), "contains a NUL byte");
  if (/[\u0001-\u001f\u007f]/.test(text)) return invalid(text, "contains a control character");
  if (text.includes("\\")) return invalid(text, "contains a backslash; separate names with /");
  if (text.length > MAX_PATH_LENGTH)
    return invalid(text.slice(0, 80), `is longer than ${MAX_PATH_LENGTH} characters`);
  if (text !== MEMORY_ROOT && !text.startsWith(`${MEMORY_ROOT}/`)) {
    return text.startsWith("/")
      ? outsideRoot(text, "is an absolute path outside the memory directory")
      : invalid(text, `is relative; start it with ${MEMORY_ROOT}/`);
  }
  const names = text.slice(MEMORY_ROOT.length).split("/").slice(1);
  if (names.at(-1) === "") names.pop(); // "/memories/notes/" names the directory
  for (const name of names) {
    if (name === "..") return outsideRoot(text, "climbs out with ..");
    if (name === "" || name === ".") return invalid(text, "has an empty or '.' segment");
    if (Buffer.byteLength(name) > MAX_NAME_BYTES)
      return invalid(text, `has a name over ${MAX_NAME_BYTES} bytes`);
  }
  return { text, relative: names.join("/") };
}

export const isMemoryPath = (value: MemoryPath | ErrorOutcome): value is MemoryPath => !("kind" in value);

/**
 * For a store that keeps paths as keys (a database table): refuses, with `MemoryPathError`, a relative path
 * the memory tool would never hand it, by the tool's own rules (parseMemoryPath) — no `..`, `.`, empty
 * segment, NUL, control character, backslash, over-long name, and no trailing slash. `""` is the root.
 * The tool checks every path first; this keeps a store called directly, not through the tool, as strict.
 */
export function checkStoredMemoryPath(relative: string): void {
  if (relative === "") return;
  const parsed = parseMemoryPath(`${MEMORY_ROOT}/${relative}`);
  if (!isMemoryPath(parsed) || parsed.relative !== relative) {
    throw new MemoryPathError(
      "MEMORY_PATH_OUTSIDE_ROOT",
      `${JSON.stringify(relative.slice(0, 80))} is not a path under ${MEMORY_ROOT}`,
    );
  }
}
