import { type OtlpReceiver, startOtlpReceiver } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { otelEnvironment, startOtlpTracing } from "./otlp.js";

const service = { serviceName: "keel-mcp", serviceVersion: "1.2.3" };
let receiver: OtlpReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe("startOtlpTracing", () => {
  it("is off unless an endpoint is set, and off when the SDK is disabled or the exporter is none", async () => {
    expect(await startOtlpTracing({}, service)).toBeUndefined();
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" };
    expect(await startOtlpTracing({ ...endpoint, OTEL_SDK_DISABLED: "true" }, service)).toBeUndefined();
    expect(await startOtlpTracing({ ...endpoint, OTEL_TRACES_EXPORTER: "none" }, service)).toBeUndefined();
  });

  it("an endpoint that is not a URL is reported and tracing stays off", async () => {
    const problems: string[] = [];
    const tracing = await startOtlpTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" }, service, (message) =>
      problems.push(message),
    );
    expect(tracing).toBeUndefined();
    expect(problems).toEqual([expect.stringContaining("OTEL_EXPORTER_OTLP_ENDPOINT")]);
  });

  it("exports to {endpoint}/v1/traces as OTLP JSON, named by OTEL_SERVICE_NAME, and flushes on shutdown", async () => {
    receiver = await startOtlpReceiver();
    const { url } = receiver;
    const tracing = await startOtlpTracing(
      { OTEL_EXPORTER_OTLP_ENDPOINT: `${url}/`, OTEL_SERVICE_NAME: "support-mcp" },
      service,
    );
    expect(tracing?.endpoint).toBe(`${url}/v1/traces`);
    tracing!.tracer.startSpan("tools/call lookup_order").end();
    await tracing!.shutdown();
    expect(receiver.spans()).toEqual([
      expect.objectContaining({
        service: "support-mcp",
        name: "tools/call lookup_order",
        parentSpanId: undefined,
      }),
    ]);
  });

  it("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is used as given", async () => {
    const tracing = await startOtlpTracing(
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://127.0.0.1:9/custom" },
      service,
    );
    expect(tracing?.endpoint).toBe("http://127.0.0.1:9/custom");
    return tracing?.shutdown(100);
  });

  it("otelEnvironment passes the exporter settings on, but not the service name", () => {
    expect(
      otelEnvironment({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://x", OTEL_SERVICE_NAME: "keel", PATH: "/bin" }),
    ).toEqual({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://x" });
  });
});
