import { traceContextMeta } from "@keel/wire";

type OtelApi = typeof import("@opentelemetry/api");

let api: Promise<OtelApi | undefined> | undefined;

/** `@opentelemetry/api` when the application has it (an optional peer), else undefined; loaded once. */
export function loadOpenTelemetry(): Promise<OtelApi | undefined> {
  api ??= import("@opentelemetry/api").then(
    (module) => module,
    () => undefined,
  );
  return api;
}

/**
 * The `_meta` fields that carry the caller's active span to the server (`traceparent`, `tracestate`, and
 * whatever else the registered propagator writes, e.g. `baggage`), as the OpenTelemetry MCP conventions
 * place them. Without a registered propagator the W3C fields are written from the active span directly, so
 * a tracer used without global registration (a `telemetry: { tracer }` run) still links the server's spans.
 * Nothing without `@opentelemetry/api` or without an active, valid span.
 */
export async function activeTraceMeta(): Promise<Record<string, string>> {
  const otel = await loadOpenTelemetry();
  if (otel === undefined) return {};
  const active = otel.context.active();
  const span = otel.trace.getSpanContext(active);
  if (span === undefined || !otel.trace.isSpanContextValid(span)) return {};
  const carrier: Record<string, string> = {};
  otel.propagation.inject(active, carrier);
  if (typeof carrier.traceparent === "string") return carrier;
  const traceState = span.traceState?.serialize();
  return {
    ...carrier,
    ...traceContextMeta({
      traceId: span.traceId,
      spanId: span.spanId,
      traceFlags: span.traceFlags,
      ...(traceState ? { traceState } : {}),
    }),
  };
}
