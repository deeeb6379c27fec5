import { traceContextFromMeta } from "@keel/errors";
import type { ToolCallResolution } from "@keel/tool-call";
import type { Tracer } from "@opentelemetry/api";

/** One `tools/call`'s span (or none without a tracer), and the trace id its log line names. */
export interface CallSpan {
  /** The caller's trace (from `_meta.traceparent`) or this span's; undefined when there is neither. */
  readonly traceId: string | undefined;
  run<T>(work: () => Promise<T>): Promise<T>;
  end(resolution: ToolCallResolution): void;
  fail(code: string): void;
}

let traced: Promise<typeof import("./traced-call-span.js")> | undefined;

/**
 * The span of one `tools/call` (see traced-call-span.ts). Without a tracer there is none, only the caller's
 * trace id for the log line, and `@opentelemetry/api` is never loaded: a server started without tracing
 * does not pay for it. With one, the traced half is imported on the first call and kept.
 */
export async function startCallSpan(
  tracer: Tracer | undefined,
  tool: string,
  meta: unknown,
  sessionId: string | undefined,
): Promise<CallSpan> {
  if (tracer === undefined) {
    const traceId = traceContextFromMeta(meta)?.traceId;
    return { traceId, run: (work) => work(), end() {}, fail() {} };
  }
  traced ??= import("./traced-call-span.js");
  return (await traced).tracedCallSpan(tracer, tool, meta, sessionId);
}
