import type { SqlBackend } from "@keel/support-desk";
import { checkMemoryScopeId } from "@keel/tools/internal";
import { MemoryConfigError } from "@keel/tools/memory";
import { UsageError } from "../usage-error.js";

/** Whose memory the run's memory tool keeps: a customer's, or one conversation's. */
export type MemoryScope = Parameters<SqlBackend["memoryStore"]>[0];

/**
 * `--memory customer:ID|conversation:ID`: the memory tool, its files in the SQL store under that scope. Read
 * as a list so a second `--memory` is refused rather than silently replacing the first.
 */
export const MEMORY_OPTIONS = { memory: { type: "string", multiple: true } } as const;

/** Reads `--memory`; undefined when it is not given. */
export function memoryScope(given: readonly string[] | undefined): MemoryScope | undefined {
  if (given === undefined || given.length === 0) return undefined;
  if (given.length > 1) {
    throw new UsageError(
      `--memory names one scope per run, got ${given.length}: ${given.map((text) => JSON.stringify(text)).join(", ")}.`,
    );
  }
  const text = given[0]!;
  const match = /^(customer|conversation):(.*\S.*)$/s.exec(text);
  if (match === null) {
    throw new UsageError(
      `--memory names whose memory the run keeps: customer:ID or conversation:ID, got ${JSON.stringify(text)}.`,
    );
  }
  const [, kind, id] = match as unknown as [string, "customer" | "conversation", string];
  try {
    checkMemoryScopeId(kind, id);
  } catch (error) {
    if (MemoryConfigError.isInstance(error)) throw new UsageError(`--memory: ${error.message}`);
    throw error;
  }
  return kind === "customer" ? { customerId: id } : { conversationId: id };
}
