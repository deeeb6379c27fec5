import type { ToolCallResolution } from "@keel/tool-call";

// Its own file so that call-span.ts (which loads traced-call-span.ts on demand) and traced-call-span.ts share
// the type without importing each other.

/** One `tools/call`'s span (or none without a tracer), and the trace id its log line names. */
export interface CallSpan {
  /** The caller's trace (from `_meta.traceparent`) or this span's; undefined when there is neither. */
  readonly traceId: string | undefined;
  run<T>(work: () => Promise<T>): Promise<T>;
  end(resolution: ToolCallResolution): void;
  fail(code: string): void;
}
