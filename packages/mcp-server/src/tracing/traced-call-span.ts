import { toolCallAttributes, toolCallErrorType } from "@keel/tool-call/internal";
import { traceContextFromMeta } from "@keel/wire";
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
import type { CallSpan } from "./call-span-type.js";

/**
 * Loaded only for a traced call (see call-span.ts), so a server without a tracer never loads the API.
 * `tools/call {tool}` (SERVER) by the OpenTelemetry MCP conventions: `mcp.method.name`, `mcp.session.id`
 * where there is one, `gen_ai.tool.name`, and the same `keel.` outcome attributes as the loop's
 * `execute_tool` span (one owner: `toolCallAttributes`). Its parent is the span in the request's
 * `_meta.traceparent`, so a run calling this server is one trace, client and server.
 */
export function tracedCallSpan(
  tracer: Tracer,
  tool: string,
  meta: unknown,
  sessionId: string | undefined,
): CallSpan {
  const caller = traceContextFromMeta(meta);
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
      const errorType = toolCallErrorType(resolution);
      if (errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: errorType });
      span.end();
    },
    fail(code) {
      span.setAttribute("error.type", code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: code });
      span.end();
    },
  };
}
