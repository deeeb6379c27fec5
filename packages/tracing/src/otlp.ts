import type { Tracer } from "@opentelemetry/api";

/** Spans exported over OTLP/HTTP, as the standard OTEL_* variables ask. */
export interface OtlpTracing {
  readonly tracer: Tracer;
  /** Where the spans go (`…/v1/traces`). */
  readonly endpoint: string;
  /** Exports what is buffered and stops; waits at most `timeoutMs` (an unreachable collector never holds an exit). */
  shutdown(timeoutMs?: number): Promise<void>;
}

/** The OTEL_* variables an application started by Keel (an MCP server over stdio) needs to export too. */
export function otelEnvironment(environment: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment)) {
    if (name.startsWith("OTEL_") && name !== "OTEL_SERVICE_NAME" && value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * Starts OTLP/HTTP trace export when `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`
 * is set (the latter gets `/v1/traces` appended), unless `OTEL_SDK_DISABLED=true` or
 * `OTEL_TRACES_EXPORTER=none`. `OTEL_SERVICE_NAME` names the service (default `serviceName`);
 * `OTEL_EXPORTER_OTLP_HEADERS` is read by the exporter. Registers the provider, an AsyncLocalStorage context
 * manager and the W3C propagator globally: this is the application's own process. Returns undefined when
 * not asked for; `onProblem` hears about an endpoint that is not a URL (tracing then stays off: telemetry
 * never stops the application). The OpenTelemetry SDK is loaded only then: without an endpoint, starting
 * costs nothing.
 */
export async function startOtlpTracing(
  environment: NodeJS.ProcessEnv,
  service: { readonly serviceName: string; readonly serviceVersion: string },
  onProblem: (message: string) => void = () => {},
): Promise<OtlpTracing | undefined> {
  if (environment.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  if (environment.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === "none") return undefined;
  const endpoint = tracesEndpoint(environment);
  if (endpoint === undefined) return undefined;
  try {
    new URL(endpoint);
  } catch {
    onProblem(
      `OTLP endpoint "${endpoint}" is not a URL (check OTEL_EXPORTER_OTLP_ENDPOINT): tracing is off.`,
    );
    return undefined;
  }
  const [
    { context, propagation, trace },
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { BasicTracerProvider, BatchSpanProcessor },
  ] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-trace-base"),
  ]);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      "service.name": environment.OTEL_SERVICE_NAME?.trim() || service.serviceName,
      "service.version": service.serviceVersion,
    }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint }), { scheduledDelayMillis: 1000 }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  let stopping: Promise<void> | undefined;
  return {
    tracer: provider.getTracer(service.serviceName, service.serviceVersion),
    endpoint,
    shutdown(timeoutMs = 5000) {
      stopping ??= Promise.race([
        provider.shutdown().catch(() => {}),
        new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]).then(() => {
        // The globals go with the provider: a later start in the same process registers afresh.
        trace.disable();
        context.disable();
        propagation.disable();
      });
      return stopping;
    },
  };
}

function tracesEndpoint(environment: NodeJS.ProcessEnv): string | undefined {
  const traces = environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = environment.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  return `${base.replace(/\/+$/, "")}/v1/traces`;
}
