import { didYouMean } from "@keel/diagnostics";
import { parseInputJsonLines, readInputFile } from "../read-input-file.js";
import { UsageError } from "../usage-error.js";

/** The expectation that the request cannot be told apart between tools. */
export const AMBIGUOUS = "AMBIGUOUS";

/** One line of a routing corpus: `expect` is a tool name, null (no tool: off-topic), or "AMBIGUOUS". */
export interface CorpusEntry {
  /** 1-based line in the file. */
  readonly line: number;
  readonly request: string;
  readonly expect: string | null;
}

/**
 * Parses JSON Lines of `{ "request": "...", "expect": "tool" | null | "AMBIGUOUS" }`; blank lines are skipped.
 * An expected tool must be one of `toolNames`, so a typo fails loudly (UsageError naming the line) instead of
 * counting as a misroute.
 */
export function parseCorpus(text: string, source: string, toolNames: ReadonlySet<string>): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  for (const { line, value } of parseInputJsonLines(text, source)) {
    const where = `${source}:${line}`;
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new UsageError(`${where}: expected an object { "request", "expect" }.`);
    }
    const { request, expect } = value as { request?: unknown; expect?: unknown };
    if (typeof request !== "string" || request.trim() === "") {
      throw new UsageError(`${where}: "request" must be a non-empty string.`);
    }
    if (expect !== null && typeof expect !== "string") {
      throw new UsageError(`${where}: "expect" must be a tool name, null (no tool) or "${AMBIGUOUS}".`);
    }
    if (typeof expect === "string" && expect !== AMBIGUOUS && !toolNames.has(expect)) {
      const names = [...toolNames].sort();
      const suggestion = didYouMean(expect, [...names, AMBIGUOUS]);
      throw new UsageError(
        `${where}: "expect" names no known tool: "${expect}".${suggestion} Known: ${names.join(", ")}, or "${AMBIGUOUS}", or null.`,
      );
    }
    entries.push({ line, request, expect });
  }
  if (entries.length === 0) throw new UsageError(`${source} holds no requests.`);
  return entries;
}

/** Reads and parses a corpus file; `name` is the file as the user wrote it (the path by default). */
export async function readCorpus(
  path: string,
  toolNames: ReadonlySet<string>,
  name = path,
): Promise<CorpusEntry[]> {
  return parseCorpus(await readInputFile(path, name), name, toolNames);
}
