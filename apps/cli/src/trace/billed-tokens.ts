import type { ContextUsage, RunUsage } from "@keel/loop";
import type { Usage } from "@keel/wire";

/** What the compaction steps of a request or a run were billed (`usage.iterations` of type `compaction`). */
export type CompactionTokens = ContextUsage["compaction"];

/** The four counts as a number each (a field missing from a trace written by something else reads as 0). */
export interface TokenCounts {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
}

const count = (value: number | null | undefined): number => (typeof value === "number" ? value : 0);

export const counts = (usage: Usage | RunUsage): TokenCounts => ({
  input_tokens: count(usage.input_tokens),
  output_tokens: count(usage.output_tokens),
  cache_creation_input_tokens: count(usage.cache_creation_input_tokens),
  cache_read_input_tokens: count(usage.cache_read_input_tokens),
});

/** A run's compaction steps, or undefined when the API compacted nothing. */
export function runCompaction(usage: RunUsage): CompactionTokens | undefined {
  const compaction = usage.context_management?.compaction;
  if (compaction === undefined) return undefined;
  const billed = Object.values(counts(compaction)).some((value) => value > 0);
  return billed ? compaction : undefined;
}

/**
 * What was billed: the message steps' counts (the API's top-level `usage`, and `RunUsage`'s four totals) plus
 * the compaction steps', which the API reports apart in `usage.iterations`.
 */
export function billedTokens(usage: Usage | RunUsage, compaction: CompactionTokens | undefined): TokenCounts {
  const message = counts(usage);
  if (compaction === undefined) return message;
  const steps = counts(compaction);
  return {
    input_tokens: message.input_tokens + steps.input_tokens,
    output_tokens: message.output_tokens + steps.output_tokens,
    cache_creation_input_tokens: message.cache_creation_input_tokens + steps.cache_creation_input_tokens,
    cache_read_input_tokens: message.cache_read_input_tokens + steps.cache_read_input_tokens,
  };
}

/** Each count as billed, with the compaction steps' part of it (0 when none): what the renderers show. */
export function billedParts(
  usage: Usage | RunUsage,
  compaction: CompactionTokens | undefined,
): Record<keyof TokenCounts, { readonly billed: number; readonly compaction: number }> {
  const billed = billedTokens(usage, compaction);
  const steps = compaction === undefined ? undefined : counts(compaction);
  const part = (field: keyof TokenCounts) => ({ billed: billed[field], compaction: steps?.[field] ?? 0 });
  return {
    input_tokens: part("input_tokens"),
    output_tokens: part("output_tokens"),
    cache_creation_input_tokens: part("cache_creation_input_tokens"),
    cache_read_input_tokens: part("cache_read_input_tokens"),
  };
}
