import { traceContextFromMeta } from "@keel/errors";
import { type ToolCallResolution, toolCallAttributes } from "@keel/hooks";
import {
  context,
  createTraceState,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";

/** One `tools/call`'s span (or none without a tracer), and the trace id its log line names. */
export interface CallSpan {
  /** The caller's trace (from `_meta.traceparent`) or this span's; undefined when there is neither. */
  readonly traceId: string | undefined;
  run<T>(work: () => Promise<T>): Promise<T>;
  end(resolution: ToolCallResolution): void;
  fail(code: string): void;
}

/**
 * `tools/call {tool}` (SERVER) by the OpenTelemetry MCP conventions: `mcp.method.name`, `mcp.session.id`
 * where there is one, `gen_ai.tool.name`, and the same `keel.` outcome attributes as the loop's
 * `execute_tool` span (one owner: `toolCallAttributes`). Its parent is the span in the request's
 * `_meta.traceparent`, so a run calling this server is one trace, client and server.
 */
export function startCallSpan(
  tracer: Tracer | undefined,
  tool: string,
  meta: unknown,
  sessionId: string | undefined,
): CallSpan {
  const caller = traceContextFromMeta(meta);
  if (tracer === undefined) {
    return { traceId: caller?.traceId, run: (work) => work(), end() {}, fail() {} };
  }
  const parent =
    caller === undefined
      ? context.active()
      : trace.setSpanContext(ROOT_CONTEXT, {
          traceId: caller.traceId,
          spanId: caller.spanId,
          traceFlags: caller.traceFlags,
          isRemote: true,
          ...(caller.traceState === undefined ? {} : { traceState: createTraceState(caller.traceState) }),
        });
  const span: Span = tracer.startSpan(
    `tools/call ${tool}`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        "mcp.method.name": "tools/call",
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": tool,
        ...(sessionId === undefined ? {} : { "mcp.session.id": sessionId }),
      },
    },
    parent,
  );
  const active = trace.setSpan(parent, span);
  return {
    traceId: span.spanContext().traceId,
    run: (work) => context.with(active, work),
    end(resolution) {
      span.setAttributes(toolCallAttributes(resolution));
      const { outcome } = resolution;
      if (outcome.kind === "error") {
        span.setAttribute("error.type", outcome.code);
        span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.code });
      }
      span.end();
    },
    fail(code) {
      span.setAttribute("error.type", code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: code });
      span.end();
    },
  };
}
