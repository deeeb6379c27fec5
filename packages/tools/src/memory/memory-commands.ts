import {
  businessError,
  type ErrorOutcome,
  permissionError,
  success,
  type ToolOutcome,
  validationError,
  validEmpty,
} from "@keel/errors";
import {
  isMemoryPath,
  MEMORY_ROOT,
  type MemoryPath,
  MemoryPathError,
  outsideRoot,
  parseMemoryPath,
} from "./memory-path.js";
import { MemoryScopeFullError, unstorableText } from "./memory-scope.js";
import type { MemoryStore } from "./memory-store.js";

/** One command of `memory_20250818`, as @anthropic-ai/sdk's `BetaMemoryTool20250818Command` declares them. */
export type MemoryCommand =
  | { readonly command: "view"; readonly path: string; readonly view_range?: readonly number[] | undefined }
  | { readonly command: "create"; readonly path: string; readonly file_text: string }
  | {
      readonly command: "str_replace";
      readonly path: string;
      readonly old_str: string;
      readonly new_str: string;
    }
  | {
      readonly command: "insert";
      readonly path: string;
      readonly insert_line: number;
      readonly insert_text: string;
    }
  | { readonly command: "delete"; readonly path: string }
  | { readonly command: "rename"; readonly old_path: string; readonly new_path: string };

const LINE_NUMBER_WIDTH = 6;
const numbered = (lines: readonly string[], first: number): string =>
  lines.map((line, index) => `${String(first + index).padStart(LINE_NUMBER_WIDTH, " ")}\t${line}`).join("\n");

const size = (bytes: number): string => {
  if (bytes < 1024) return `${bytes}B`;
  const units = ["K", "M", "G"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)}${units[unit]}`;
};

const notFound = (path: MemoryPath): ErrorOutcome =>
  validationError(
    "MEMORY_PATH_NOT_FOUND",
    `The path ${path.text} does not exist. View ${MEMORY_ROOT} to see what does.`,
  );

/**
 * Runs one memory command against a store. The wording of the results follows @anthropic-ai/sdk's
 * `BetaLocalFilesystemMemoryTool` (what the model is used to reading); every failure is a categorised outcome.
 */
export async function runMemoryCommand(
  store: MemoryStore,
  command: MemoryCommand,
  maxFileBytes: number,
): Promise<ToolOutcome> {
  try {
    return await dispatch(store, command, maxFileBytes);
  } catch (error) {
    if (MemoryPathError.isInstance(error))
      return outsideRoot(pathOf(command), "leads out of the memory directory");
    if (MemoryScopeFullError.isInstance(error))
      return businessError("MEMORY_SCOPE_FULL", `${error.message} Delete or shorten files first.`);
    throw error;
  }
}

const pathOf = (command: MemoryCommand): string =>
  command.command === "rename" ? `${command.old_path} → ${command.new_path}` : command.path;

async function dispatch(
  store: MemoryStore,
  command: MemoryCommand,
  maxFileBytes: number,
): Promise<ToolOutcome> {
  if (command.command === "rename") return rename(store, command.old_path, command.new_path);
  const path = parseMemoryPath(command.path);
  if (!isMemoryPath(path)) return path;
  const unwritable = (text: string): ErrorOutcome | undefined => {
    const unstorable = unstorableText(text);
    if (unstorable !== undefined)
      return validationError("MEMORY_TEXT_INVALID", `The text for ${path.text} ${unstorable}; leave it out.`);
    return Buffer.byteLength(text) > maxFileBytes
      ? validationError(
          "MEMORY_FILE_TOO_LARGE",
          `${path.text} would be over ${maxFileBytes} bytes; keep memory files short.`,
        )
      : undefined;
  };
  const kind = await store.kind(path.relative);
  switch (command.command) {
    case "view":
      if (kind === undefined)
        return validEmpty("MEMORY_PATH_NOT_FOUND", `Nothing is stored at ${path.text}.`);
      return kind === "directory" ? viewDirectory(store, path) : viewFile(store, path, command.view_range);
    case "create": {
      if (kind !== undefined)
        return businessError(
          "MEMORY_PATH_EXISTS",
          `${path.text} already exists; edit it or delete it first.`,
        );
      if (path.relative === "")
        return permissionError("MEMORY_ROOT_PROTECTED", `${MEMORY_ROOT} itself is not a file.`);
      const problem = unwritable(command.file_text) ?? (await underAFile(store, path));
      if (problem !== undefined) return problem;
      await store.write(path.relative, command.file_text);
      return success(`File created successfully at: ${path.text}`);
    }
    case "str_replace": {
      if (kind !== "file") return kind === undefined ? notFound(path) : notAFile(path);
      const text = await store.read(path.relative);
      const lines = text.split("\n");
      const matching = lines.flatMap((line, index) => (line.includes(command.old_str) ? [index + 1] : []));
      const occurrences = text.split(command.old_str).length - 1;
      if (command.old_str === "" || occurrences === 0) {
        return validationError(
          "MEMORY_TEXT_NOT_FOUND",
          `No replacement was performed: old_str did not appear verbatim in ${path.text}.`,
        );
      }
      if (occurrences > 1) {
        return validationError(
          "MEMORY_TEXT_NOT_UNIQUE",
          `No replacement was performed: old_str occurs ${occurrences} times (lines ${matching.join(", ")}) in ${path.text}; make it unique.`,
        );
      }
      const edited = text.replace(command.old_str, () => command.new_str);
      const problem = unwritable(edited);
      if (problem !== undefined) return problem;
      await store.write(path.relative, edited);
      const changed = (matching[0] ?? 1) - 1;
      const start = Math.max(0, changed - 2);
      const snippet = edited.split("\n").slice(start, changed + 3);
      return success(
        `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${numbered(snippet, start + 1)}`,
      );
    }
    case "insert": {
      if (kind !== "file") return kind === undefined ? notFound(path) : notAFile(path);
      const lines = (await store.read(path.relative)).split("\n");
      const at = command.insert_line;
      if (!Number.isInteger(at) || at < 0 || at > lines.length) {
        return validationError(
          "MEMORY_LINE_OUT_OF_RANGE",
          `insert_line ${at} is outside the file's lines: [0, ${lines.length}].`,
        );
      }
      lines.splice(at, 0, command.insert_text.replace(/\n$/, ""));
      const edited = lines.join("\n");
      const problem = unwritable(edited);
      if (problem !== undefined) return problem;
      await store.write(path.relative, edited);
      return success(`The file ${path.text} has been edited.`);
    }
    case "delete":
      if (path.relative === "")
        return permissionError("MEMORY_ROOT_PROTECTED", `Cannot delete ${MEMORY_ROOT} itself.`);
      if (kind === undefined) return notFound(path);
      await store.delete(path.relative);
      return success(`Successfully deleted ${path.text}`);
  }
}

/** A file where one of the path's directories would go: every store refuses it alike, before writing. */
async function underAFile(store: MemoryStore, path: MemoryPath): Promise<ErrorOutcome | undefined> {
  const names = path.relative.split("/");
  for (let depth = 1; depth < names.length; depth++) {
    const parent = names.slice(0, depth).join("/");
    if ((await store.kind(parent)) === "file") {
      return validationError(
        "MEMORY_NOT_A_DIRECTORY",
        `${MEMORY_ROOT}/${parent} is a file, so ${path.text} cannot be inside it.`,
      );
    }
  }
  return undefined;
}

const notAFile = (path: MemoryPath): ErrorOutcome =>
  validationError("MEMORY_NOT_A_FILE", `${path.text} is a directory; name a file inside it.`);

async function viewDirectory(store: MemoryStore, path: MemoryPath): Promise<ToolOutcome> {
  const entries = await store.list(path.relative, 2);
  const base = path.text.replace(/\/$/, "");
  const lines = entries.map((entry) => {
    const name = path.relative === "" ? entry.path : entry.path.slice(path.relative.length + 1);
    return `${size(entry.bytes)}\t${base}/${name}${entry.kind === "directory" ? "/" : ""}`;
  });
  return success(
    `Here're the files and directories up to 2 levels deep in ${base}, excluding hidden items:\n${[`0B\t${base}`, ...lines].join("\n")}`,
  );
}

async function viewFile(
  store: MemoryStore,
  path: MemoryPath,
  range: readonly number[] | undefined,
): Promise<ToolOutcome> {
  const lines = (await store.read(path.relative)).split("\n");
  if (range === undefined)
    return success(`Here's the content of ${path.text} with line numbers:\n${numbered(lines, 1)}`);
  const [first = 1, last = -1] = range;
  if (range.length !== 2 || first < 1 || first > lines.length || (last !== -1 && last < first)) {
    return validationError(
      "MEMORY_LINE_OUT_OF_RANGE",
      `view_range ${JSON.stringify(range)} is outside the file's lines: [1, ${lines.length}] (-1 for the end).`,
    );
  }
  const shown = lines.slice(first - 1, last === -1 ? lines.length : last);
  return success(`Here's the content of ${path.text} with line numbers:\n${numbered(shown, first)}`);
}

async function rename(store: MemoryStore, from: string, to: string): Promise<ToolOutcome> {
  const source = parseMemoryPath(from);
  if (!isMemoryPath(source)) return source;
  const target = parseMemoryPath(to);
  if (!isMemoryPath(target)) return target;
  if (source.relative === "")
    return permissionError("MEMORY_ROOT_PROTECTED", `Cannot rename ${MEMORY_ROOT} itself.`);
  if (target.relative === "" || `${target.relative}/`.startsWith(`${source.relative}/`)) {
    return validationError(
      "MEMORY_PATH_INVALID",
      `Cannot move ${source.text} to ${target.text}, inside itself.`,
    );
  }
  if ((await store.kind(source.relative)) === undefined) return notFound(source);
  if ((await store.kind(target.relative)) !== undefined) {
    return businessError("MEMORY_PATH_EXISTS", `The destination ${target.text} already exists.`);
  }
  const problem = await underAFile(store, target);
  if (problem !== undefined) return problem;
  await store.rename(source.relative, target.relative);
  return success(`Successfully renamed ${source.text} to ${target.text}`);
}
