import { KeelError } from "@keel/errors";
import { MemoryConfigError } from "../config-errors.js";

/** How much one scope (one store: a customer's or a conversation's memory) may hold. */
export interface MemoryScopeLimits {
  /** UTF-8 bytes of all its files together. Default 1,000,000. */
  readonly maxScopeBytes?: number | undefined;
  /** Files (directories not counted). Default 100. */
  readonly maxScopeFiles?: number | undefined;
}

/** What one scope holds: the sum a write is checked against. */
export interface MemoryScopeUsage {
  readonly bytes: number;
  readonly files: number;
}

const DEFAULT_MAX_SCOPE_BYTES = 1_000_000;
const DEFAULT_MAX_SCOPE_FILES = 100;

/**
 * A write that would take a scope over its limits, found by the store (in the write's transaction where it
 * has one). The memory tool answers it with a `business` error, `MEMORY_SCOPE_FULL`.
 */
export class MemoryScopeFullError extends KeelError<"MEMORY_SCOPE_FULL"> {
  static override readonly errorName = "MemoryScopeFullError";
}

/** A positive whole number, or the default when not given; anything else is a `MemoryConfigError`. */
export function positiveLimit(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new MemoryConfigError(
      "INVALID_MEMORY_OPTION",
      `${name} must be a whole number of at least 1, got ${String(value)}.`,
    );
  }
  return value;
}

/** The limits with their defaults, checked (`MemoryConfigError` for NaN, 0, negatives, fractions). */
export function memoryScopeLimits(limits: MemoryScopeLimits = {}): Required<{
  [Key in keyof MemoryScopeLimits]: number;
}> {
  return {
    maxScopeBytes: positiveLimit("maxScopeBytes", limits.maxScopeBytes, DEFAULT_MAX_SCOPE_BYTES),
    maxScopeFiles: positiveLimit("maxScopeFiles", limits.maxScopeFiles, DEFAULT_MAX_SCOPE_FILES),
  };
}

/**
 * Throws `MemoryScopeFullError` when writing `text` at `path` would take the scope over its limits. `others`
 * is what the scope holds apart from that path; `replacing` says whether a file is already there.
 */
export function checkScopeWrite(
  limits: ReturnType<typeof memoryScopeLimits>,
  others: MemoryScopeUsage,
  path: string,
  text: string,
): void {
  const bytes = others.bytes + Buffer.byteLength(text);
  if (others.files + 1 > limits.maxScopeFiles || bytes > limits.maxScopeBytes) {
    throw new MemoryScopeFullError(
      "MEMORY_SCOPE_FULL",
      `Writing /memories/${path} would leave this memory with ${others.files + 1} files and ${bytes} bytes; ` +
        `it holds at most ${limits.maxScopeFiles} files and ${limits.maxScopeBytes} bytes.`,
    );
  }
}

/**
 * Checks a scope id (a customer's or a conversation's) before any store uses it: a non-empty string with no
 * leading or trailing whitespace, no control character (NUL included) and no lone surrogate, so two
 * look-alike ids never name two scopes. Throws `MemoryConfigError` (`INVALID_MEMORY_SCOPE`).
 */
export function checkMemoryScopeId(kind: string, id: unknown): string {
  const problem =
    typeof id !== "string" || id === ""
      ? "must be a non-empty string"
      : id.trim() !== id
        ? "must not start or end with whitespace"
        : /[\u0000-\u001f\u007f]/.test(id)
          ? "must not contain control characters"
          : /\p{Cs}/u.test(id)
            ? "must not contain a lone surrogate"
            : undefined;
  if (problem === undefined) return id as string;
  throw new MemoryConfigError(
    "INVALID_MEMORY_SCOPE",
    `memory: the ${kind} id ${problem}, got ${JSON.stringify(id)}.`,
  );
}

/** Why `text` cannot be stored the same in every store, or undefined: NUL (PostgreSQL text refuses it), lone surrogates. */
export function unstorableText(text: string): string | undefined {
  if (text.includes("\u0000")) return "contains a NUL character (\\u0000)";
  if (/\p{Cs}/u.test(text)) return "contains a lone surrogate (half of a UTF-16 pair)";
  return undefined;
}
