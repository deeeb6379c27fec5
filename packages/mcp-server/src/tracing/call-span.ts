import { traceContextFromMeta } from "@keel/wire";
import type { Tracer } from "@opentelemetry/api";
import type { CallSpan } from "./call-span-type.js";

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
