/**
 * What the loop calls on OpenTelemetry objects, declared here so that `@keel/loop`'s types do not need
 * `@opentelemetry/api` installed: an `@opentelemetry/api` Tracer, Span and Meter fit these shapes.
 */
export type TelemetryAttributeValue = string | number | boolean | string[];
export type TelemetryAttributes = Record<string, TelemetryAttributeValue | undefined>;

export interface TelemetrySpan {
  setAttribute(key: string, value: TelemetryAttributeValue): unknown;
  setAttributes(attributes: TelemetryAttributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  addEvent(name: string, attributes?: TelemetryAttributes): unknown;
  end(): void;
  spanContext(): { traceId: string; spanId: string };
}

export interface TelemetryTracer {
  /** `context`: an OpenTelemetry Context, opaque to the loop. */
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: TelemetryAttributes },
    context?: unknown,
  ): TelemetrySpan;
}

export interface TelemetryHistogram {
  record(value: number, attributes?: TelemetryAttributes): void;
}

export interface TelemetryMeter {
  createHistogram(
    name: string,
    options?: { description?: string; unit?: string; advice?: { explicitBucketBoundaries?: number[] } },
  ): TelemetryHistogram;
}

/** `runAgent({ telemetry })`: OpenTelemetry GenAI spans and metrics for the run. */
export interface TelemetryOptions {
  /** Where spans go; default the global tracer provider's "@keel/loop" tracer. */
  readonly tracer?: TelemetryTracer | undefined;
  /** Where `gen_ai.client.*` metrics go; default none. */
  readonly meter?: TelemetryMeter | undefined;
  /** The agent's name: `invoke_agent {name}` and `gen_ai.agent.name`. */
  readonly agentName?: string | undefined;
  /**
   * Also record prompts, responses, tool arguments and results (`gen_ai.input.messages`, …), after the
   * same secret redaction as cassettes. Default false: they may hold customers' data.
   */
  readonly captureContent?: boolean | undefined;
}
