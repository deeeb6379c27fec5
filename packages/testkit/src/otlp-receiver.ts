import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./http-request.js";

/** A span as an OTLP/HTTP JSON export carries it, flattened with its service's name. */
export interface ReceivedSpan {
  readonly service: string | undefined;
  readonly name: string;
  /** Hex, as the JSON encoding of OTLP has it. */
  readonly traceId: string;
  readonly spanId: string;
  /** Empty or absent for a root span. */
  readonly parentSpanId: string | undefined;
  /** 1 internal, 2 server, 3 client (OTLP's numbering). */
  readonly kind: number;
  /** Attribute values unwrapped (`stringValue`, `intValue` as a number, `boolValue`, arrays). */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
}

export interface OtlpReceiver {
  /** Point `OTEL_EXPORTER_OTLP_ENDPOINT` here (`http://127.0.0.1:port`). */
  readonly url: string;
  /** Every span received so far, in arrival order. */
  spans(): readonly ReceivedSpan[];
  /** Resolves once `predicate` holds for the spans received (polled), or rejects after `timeoutMs`. */
  waitFor(
    predicate: (spans: readonly ReceivedSpan[]) => boolean,
    timeoutMs?: number,
  ): Promise<readonly ReceivedSpan[]>;
  close(): Promise<void>;
}

/**
 * An OpenTelemetry collector stand-in on 127.0.0.1: accepts OTLP/HTTP JSON trace exports
 * (`POST /v1/traces`, as `@opentelemetry/exporter-trace-otlp-http` sends them) and keeps the spans, so a
 * test can assert what a real process exported. Anything else is answered 404; a body that is not JSON 400.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    readBody(request).then(
      (body) => {
        if (request.method !== "POST" || !request.url?.endsWith("/v1/traces")) {
          response.writeHead(404).end();
          return;
        }
        try {
          received.push(...spansOf(JSON.parse(body.toString("utf8"))));
        } catch {
          response.writeHead(400, { "content-type": "application/json" }).end('{"message":"not OTLP JSON"}');
          return;
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      },
      // A client that went away mid-body: nothing to answer.
      () => response.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    spans: () => [...received],
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) {
          const names = received.map((span) => `${span.service}: ${span.name}`).join(", ");
          throw new Error(
            `the OTLP receiver did not get the expected spans within ${timeoutMs} ms (got: ${names || "none"})`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return [...received];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface OtlpAttribute {
  readonly key: string;
  readonly value: Record<string, unknown>;
}

function spansOf(body: unknown): ReceivedSpan[] {
  const resourceSpans = (body as { resourceSpans?: unknown }).resourceSpans;
  if (!Array.isArray(resourceSpans)) throw new Error("no resourceSpans");
  return resourceSpans.flatMap(
    (entry: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: unknown[] }) => {
      const service = attributesOf(entry.resource?.attributes)["service.name"];
      return (entry.scopeSpans ?? []).flatMap((scope) =>
        ((scope as { spans?: Array<Record<string, unknown>> }).spans ?? []).map(
          (span): ReceivedSpan => ({
            service: typeof service === "string" ? service : undefined,
            name: String(span.name),
            traceId: String(span.traceId),
            spanId: String(span.spanId),
            parentSpanId:
              typeof span.parentSpanId === "string" && span.parentSpanId !== ""
                ? span.parentSpanId
                : undefined,
            kind: Number(span.kind ?? 0),
            attributes: attributesOf(span.attributes as OtlpAttribute[] | undefined),
            statusCode: Number((span.status as { code?: unknown } | undefined)?.code ?? 0),
          }),
        ),
      );
    },
  );
}

function attributesOf(attributes: readonly OtlpAttribute[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of attributes ?? []) out[key] = attributeValue(value);
  return out;
}

function attributeValue(value: Record<string, unknown> | undefined): unknown {
  if (value === undefined) return undefined;
  if ("stringValue" in value) return value.stringValue;
  if ("boolValue" in value) return value.boolValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("arrayValue" in value) {
    const values = (value.arrayValue as { values?: Array<Record<string, unknown>> }).values ?? [];
    return values.map(attributeValue);
  }
  return undefined;
}
