import { createMemoryBackend } from "@keel/support-desk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import type { Logger } from "../logger.js";
import { createKeelMcpServer } from "../server.js";
import { supportSurface } from "../support-surface.js";

const CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

async function serve() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const lines: Array<Record<string, unknown>> = [];
  const logger: Logger = {
    info: (message, fields = {}) => message === "tools/call" && lines.push({ ...fields }),
    warn: () => {},
    error: () => {},
  };
  const surface = supportSurface(createMemoryBackend(), "stateless");
  const server = createKeelMcpServer({
    tools: surface.tools,
    hooks: surface.hooks,
    logger,
    tracer: provider.getTracer("keel-mcp"),
  });
  const client = new Client({ name: "trace-test", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, exporter, lines };
}

describe("a span per tools/call", () => {
  it("joins the caller's trace from _meta.traceparent, with the MCP and keel. attributes, and logs the trace id", async () => {
    const { client, exporter, lines } = await serve();
    try {
      await client.callTool({
        name: "lookup_order",
        arguments: { order_id: "ORD-1001" },
        _meta: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`, tracestate: "vendor=1" },
      });
    } finally {
      await client.close();
    }
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe("tools/call lookup_order");
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.spanContext().traceId).toBe(CALLER_TRACE);
    expect(span?.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(span?.spanContext().traceState?.get("vendor")).toBe("1");
    expect(span?.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": "lookup_order",
      "gen_ai.operation.name": "execute_tool",
      "keel.outcome.kind": "success",
      "keel.tool.attempts": 1,
    });
    expect(lines).toEqual([expect.objectContaining({ tool: "lookup_order", trace: CALLER_TRACE })]);
  });

  it("a refused call is an error span with error.type the Keel code; no traceparent starts a new trace", async () => {
    const { client, exporter } = await serve();
    try {
      await client.callTool({ name: "process_refund", arguments: { order_id: "ORD-1001", amount: -5 } });
    } finally {
      await client.close();
    }
    const [span] = exporter.getFinishedSpans();
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.attributes).toMatchObject({
      "keel.outcome.kind": "error",
      "keel.error.category": "validation",
      "error.type": "INVALID_INPUT",
    });
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
  });
});
