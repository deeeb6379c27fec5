import type { Usage } from "@keel/wire";
import type { ContextUsage } from "./context-usage.js";

/** Cumulative token usage over every request of the run. */
export interface RunUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
  /** Billed server-tool requests, present once a response reported any. */
  readonly server_tool_use?: { readonly web_search_requests: number; readonly web_fetch_requests: number };
  /**
   * Attempts that failed after the API had started answering (a stream that broke, retried or not, or a
   * request aborted mid-stream): the tokens they reported are billed too, and are counted here, not in the
   * totals above. Present once any.
   */
  readonly failed_attempts?: {
    readonly attempts: number;
    readonly input_tokens: number;
    readonly output_tokens: number;
    readonly cache_creation_input_tokens: number;
    readonly cache_read_input_tokens: number;
  };
  /** What the server's context management cleared and compacted, present once it did anything. */
  readonly context_management?: ContextUsage;
  /**
   * Model requests sent a second time because the process running the run died while one was in flight (a
   * run resumed from a `checkpoint` whose next step was that request). At most one per crash. Present once any.
   */
  readonly repeated_requests?: number;
}

export const EMPTY_USAGE: RunUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

const count = (value: number | null | undefined): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

/** Adds what a failed attempt reported to `failed_attempts` (the totals stay the successful responses'). */
export function addFailedAttempt(total: RunUsage, usage: Usage): RunUsage {
  const before = total.failed_attempts;
  return {
    ...total,
    failed_attempts: {
      attempts: (before?.attempts ?? 0) + 1,
      input_tokens: (before?.input_tokens ?? 0) + count(usage.input_tokens),
      output_tokens: (before?.output_tokens ?? 0) + count(usage.output_tokens),
      cache_creation_input_tokens:
        (before?.cache_creation_input_tokens ?? 0) + count(usage.cache_creation_input_tokens),
      cache_read_input_tokens: (before?.cache_read_input_tokens ?? 0) + count(usage.cache_read_input_tokens),
    },
  };
}

/** Adds one response's usage (null or missing cache fields count as 0). */
export function addUsage(total: RunUsage, usage: Usage | undefined): RunUsage {
  if (usage === undefined || usage === null) return total;
  const sum: RunUsage = {
    input_tokens: total.input_tokens + count(usage.input_tokens),
    output_tokens: total.output_tokens + count(usage.output_tokens),
    cache_creation_input_tokens: total.cache_creation_input_tokens + count(usage.cache_creation_input_tokens),
    cache_read_input_tokens: total.cache_read_input_tokens + count(usage.cache_read_input_tokens),
    ...(total.failed_attempts === undefined ? {} : { failed_attempts: total.failed_attempts }),
    ...(total.context_management === undefined ? {} : { context_management: total.context_management }),
    ...(total.repeated_requests === undefined ? {} : { repeated_requests: total.repeated_requests }),
  };
  const server = usage.server_tool_use;
  const searches = count(server?.web_search_requests);
  const fetches = count(server?.web_fetch_requests);
  if (total.server_tool_use === undefined && searches === 0 && fetches === 0) return sum;
  return {
    ...sum,
    server_tool_use: {
      web_search_requests: (total.server_tool_use?.web_search_requests ?? 0) + searches,
      web_fetch_requests: (total.server_tool_use?.web_fetch_requests ?? 0) + fetches,
    },
  };
}
