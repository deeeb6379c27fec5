import type { SqlBackend } from "@keel/support-desk";
import { UsageError } from "../usage-error.js";

/** Whose memory the run's memory tool keeps: a customer's, or one conversation's. */
export type MemoryScope = Parameters<SqlBackend["memoryStore"]>[0];

/** `--memory customer:ID|conversation:ID`: the memory tool, its files in the SQL store under that scope. */
export const MEMORY_OPTIONS = { memory: { type: "string" } } as const;

/** Reads `--memory`; undefined when it is not given. */
export function memoryScope(text: string | undefined): MemoryScope | undefined {
  if (text === undefined) return undefined;
  const match = /^(customer|conversation):(.*\S.*)$/s.exec(text);
  if (match === null) {
    throw new UsageError(
      `--memory names whose memory the run keeps: customer:ID or conversation:ID, got ${JSON.stringify(text)}.`,
    );
  }
  return match[1] === "customer" ? { customerId: match[2]! } : { conversationId: match[2]! };
}
