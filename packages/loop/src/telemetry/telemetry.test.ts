import { success } from "@keel/errors";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "../clients/anthropic-client.js";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "../run/run-agent.js";
import {
  answer,
  customerTools,
  deferred,
  redirectedRefund,
  refundRedirect,
  reply,
  spyTool,
  text,
  toolUse,
} from "../run/run-fixtures.test-helpers.js";

// A provider of its own per test: nothing is registered globally, so tests cannot see each other's spans.
function tracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer("test");
  const spans = () => exporter.getFinishedSpans();
  const named = (prefix: string) => spans().filter((span) => span.name.startsWith(prefix));
  const only = (prefix: string) => {
    const found = named(prefix);
    expect(found, prefix).toHaveLength(1);
    return found[0]!;
  };
  return { tracer, spans, named, only };
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const noWait = async () => {};

let closeApi: (() => Promise<void>) | undefined;
// Files share a worker: whatever an earlier file left in OpenTelemetry's globals is cleared first.
beforeEach(() => {
  context.disable();
  trace.disable();
});
afterEach(async () => {
  await closeApi?.();
  closeApi = undefined;
  context.disable();
});

describe("OpenTelemetry GenAI spans", () => {
  it("a completed run: invoke_agent > chat per request, execute_tool per call (parallel reads as siblings)", async () => {
    const { tracer, spans, named, only } = tracing();
    // Each read waits until both have started, then a little more: the spans overlap however the machine
    // schedules them.
    let started = 0;
    let bothStarted: () => void = () => {};
    const barrier = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    const meet = async () => {
      started += 1;
      if (started === 2) bothStarted();
      await barrier;
      // Overlap by more than the SDK's clock skew between two spans (each anchors Date.now() on its own).
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const getCustomer = spyTool("get_customer", "read", async (input) => {
      await meet();
      return success({ customer_id: "C-1", email: input.email, status: "active" });
    });
    const lookupOrder = spyTool("lookup_order", "read", async (input) => {
      await meet();
      return success({ order_id: input.order_id, total: 120 });
    });
    const client = new ScriptedClient([
      reply([
        toolUse("toolu_a", "get_customer", { email: "a@example.com" }),
        toolUse("toolu_b", "lookup_order", { order_id: "O-1" }),
      ]),
      answer("Both found."),
    ]);
    const result = await runAgent({
      client,
      model: "claude-test",
      tools: [getCustomer, lookupOrder],
      prompt: "Who and what?",
      maxTokens: 512,
      request: { temperature: 0.2 },
      telemetry: { tracer, agentName: "support" },
    });
    expect(result.status).toBe("completed");
    const agent = only("invoke_agent");
    expect(agent.name).toBe("invoke_agent support");
    expect(agent.kind).toBe(SpanKind.INTERNAL);
    expect(agent.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.provider.name": "anthropic",
      "gen_ai.agent.name": "support",
      "gen_ai.request.model": "claude-test",
      "gen_ai.conversation.id": result.runId,
      "keel.run.status": "completed",
      "keel.run.iterations": 1,
    });
    expect(parentOf(agent)).toBeUndefined();

    const chats = named("chat ");
    expect(chats.map((span) => span.name)).toEqual(["chat claude-test", "chat claude-test"]);
    for (const chat of chats) {
      expect(chat.kind).toBe(SpanKind.CLIENT);
      expect(parentOf(chat)).toBe(idOf(agent));
      expect(chat.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.request.max_tokens": 512,
        "gen_ai.request.temperature": 0.2,
        "gen_ai.conversation.id": result.runId,
      });
    }
    expect(chats[0]!.attributes["gen_ai.response.finish_reasons"]).toEqual(["tool_use"]);
    expect(chats[1]!.attributes["gen_ai.response.finish_reasons"]).toEqual(["end_turn"]);
    expect(typeof chats[0]!.attributes["gen_ai.usage.output_tokens"]).toBe("number");

    const tools = named("execute_tool");
    expect(tools.map((span) => span.name).sort()).toEqual([
      "execute_tool get_customer",
      "execute_tool lookup_order",
    ]);
    for (const tool of tools) {
      expect(parentOf(tool)).toBe(idOf(agent));
      expect(tool.kind).toBe(SpanKind.INTERNAL);
      expect(tool.attributes).toMatchObject({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.type": "function",
        "keel.outcome.kind": "success",
        "keel.tool.attempts": 1,
        // ScriptedClient hands over whole messages (replayed events): nothing starts before the turn settles.
        "keel.tool.eager": false,
        "keel.hook.decision": "allow",
      });
      expect(tool.status.code).toBe(SpanStatusCode.UNSET);
    }
    expect(only("execute_tool get_customer").attributes["gen_ai.tool.call.id"]).toBe("toolu_a");
    // Parallel reads overlap in time: each starts before the other ends.
    // (HrTime is [seconds, nanoseconds]: compared as one number, never as arrays, which compare as strings.)
    const ns = ([seconds, nanoseconds]: readonly [number, number]) =>
      BigInt(seconds) * 1_000_000_000n + BigInt(nanoseconds);
    const [first, second] = tools;
    expect(ns(first!.startTime) <= ns(second!.endTime)).toBe(true);
    expect(ns(second!.startTime) <= ns(first!.endTime)).toBe(true);
    // No content by default: prompts, arguments and results may hold customers' data.
    const keys = spans().flatMap((span) => Object.keys(span.attributes));
    expect(keys.filter((key) => /messages|arguments|result|instructions/.test(key))).toEqual([]);
    // Every span ended, all in one trace.
    expect(new Set(spans().map((span) => span.spanContext().traceId)).size).toBe(1);
  });

  it("a redirected refund: the hook, requested and executed tools and the ticket are attributes", async () => {
    const { tracer, only } = tracing();
    const { processRefund } = await redirectedRefund({ telemetry: { tracer } });
    const span = only("execute_tool");
    expect(span.name).toBe("execute_tool process_refund");
    expect(span.attributes).toMatchObject({
      "gen_ai.tool.name": "process_refund",
      "keel.hook.decision": "redirect",
      "keel.hook.name": refundRedirect.name,
      "keel.redirect.requested_tool": "process_refund",
      "keel.redirect.executed_tool": "escalate_to_human",
      "keel.escalation.ticket_id": "T-1",
      "keel.outcome.kind": "success",
    });
    expect(processRefund.calls).toHaveLength(0);
  });

  it("a transient retry: the tool's attempts and category, and the model's HTTP retry as a span event", async () => {
    const { tracer, only, named } = tracing();
    const api = await startFakeMessagesApi({
      script: [toolUseResponse([{ id: "toolu_f", name: "flaky_backend", input: {} }]), textResponse("Down.")],
      faults: { 0: { type: "http", status: 529, retryAfterMs: 1 } },
    });
    closeApi = api.close;
    const { flaky } = customerTools();
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, sleep: noWait });
    const result = await runAgent({
      client,
      model: "m",
      tools: [flaky],
      prompt: "Check.",
      sleep: noWait,
      telemetry: { tracer },
    });
    expect(result.status).toBe("completed");
    const tool = only("execute_tool");
    expect(tool.attributes).toMatchObject({
      "keel.outcome.kind": "error",
      "keel.error.category": "transient",
      "keel.error.code": "BACKEND_UNAVAILABLE",
      "keel.error.retryable": true,
      "keel.tool.attempts": 3,
      "error.type": "BACKEND_UNAVAILABLE",
    });
    expect(tool.status.code).toBe(SpanStatusCode.ERROR);
    const [firstChat] = named("chat ");
    expect(firstChat!.events.map((event) => event.name)).toEqual(["keel.model.retry"]);
    expect(firstChat!.attributes["gen_ai.request.stream"]).toBe(true);
    expect(firstChat!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("a model error: the chat span and the run carry error.type, status ERROR", async () => {
    const { tracer, only } = tracing();
    const api = await startFakeMessagesApi({
      script: [textResponse("never")],
      faults: { 0: { type: "http", status: 400 } },
    });
    closeApi = api.close;
    const client = new AnthropicClient({ apiKey: "sk-ant-secret-value", baseURL: api.url, sleep: noWait });
    const result = await runAgent({ client, model: "m", prompt: "Hi.", telemetry: { tracer } });
    expect(result.status).toBe("model_error");
    const chat = only("chat ");
    expect(chat.attributes["error.type"]).toBe("bad_request");
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
    const agent = only("invoke_agent");
    expect(agent.attributes).toMatchObject({ "keel.run.status": "model_error", "error.type": "bad_request" });
    expect(agent.status.code).toBe(SpanStatusCode.ERROR);
    expect(JSON.stringify(agent.attributes) + JSON.stringify(chat.status)).not.toContain("sk-ant-secret");
  });

  it("an aborted run ends every span it started, the run's as aborted", async () => {
    const { tracer, spans, only, named } = tracing();
    const started = deferred();
    const controller = new AbortController();
    const slow = spyTool("slow_read", "read", async (_input, toolContext) => {
      started.resolve();
      await new Promise((resolve) => toolContext.signal.addEventListener("abort", resolve, { once: true }));
      return success("late");
    });
    const client = new ScriptedClient([reply([toolUse("toolu_s", "slow_read")]), answer("never")]);
    const pending = runAgent({
      client,
      model: "m",
      tools: [slow],
      prompt: "Go.",
      signal: controller.signal,
      telemetry: { tracer },
    });
    await started.promise;
    controller.abort();
    const result = await pending;
    expect(result.status).toBe("aborted");
    expect(only("invoke_agent").attributes["keel.run.status"]).toBe("aborted");
    expect(only("invoke_agent").status.code).toBe(SpanStatusCode.ERROR);
    // The read started with the turn (the whole message had arrived) and was stopped by the abort.
    const calls = named("execute_tool").map((span) => [
      span.attributes["keel.tool.eager"],
      span.attributes["keel.error.code"],
    ]);
    expect(calls).toEqual([[false, "TOOL_ABORTED"]]);
    expect(spans().map((span) => span.ended)).not.toContain(false);
  });

  it("content only on request, and redacted like cassettes", async () => {
    const { tracer, only, named } = tracing();
    const lookup = spyTool("lookup_order", "read", () =>
      success({ note: "token sk-ant-api03-abcdefghijklmnopqrstuvwxyz" }),
    );
    const client = new ScriptedClient([
      reply([toolUse("toolu_l", "lookup_order", { order_id: "O-9" })]),
      answer("ok"),
    ]);
    await runAgent({
      client,
      model: "m",
      tools: [lookup],
      system: "Be brief.",
      prompt: "Order O-9?",
      telemetry: { tracer, captureContent: true },
    });
    const tool = only("execute_tool");
    expect(tool.attributes["gen_ai.tool.call.arguments"]).toBe('{"order_id":"O-9"}');
    expect(String(tool.attributes["gen_ai.tool.call.result"])).not.toContain("abcdefghijklmnop");
    const [first, last] = named("chat ");
    expect(first!.attributes["gen_ai.input.messages"]).toContain("Order O-9?");
    expect(first!.attributes["gen_ai.system_instructions"]).toContain("Be brief.");
    expect(last!.attributes["gen_ai.output.messages"]).toContain("ok");
  });

  it("the tool runs with its span active, so code inside (an MCP client) can carry the trace on", async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const { tracer, only } = tracing();
    let seen: string | undefined;
    const probe = spyTool("probe", "read", () => {
      seen = trace.getActiveSpan()?.spanContext().spanId;
      return success("ok");
    });
    const client = new ScriptedClient([reply([toolUse("toolu_p", "probe")]), answer("ok")]);
    await runAgent({ client, model: "m", tools: [probe], prompt: "Go.", telemetry: { tracer } });
    expect(seen).toBe(idOf(only("execute_tool")));
  });

  it("records gen_ai.client.token.usage and gen_ai.client.operation.duration", async () => {
    const { tracer } = tracing();
    const reader = new PeriodicExportingMetricReader({
      exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
      exportIntervalMillis: 60_000,
    });
    const meterProvider = new MeterProvider({ readers: [reader] });
    const client = new ScriptedClient([answer("Hello.")]);
    await runAgent({
      client,
      model: "m",
      prompt: "Hi.",
      telemetry: { tracer, meter: meterProvider.getMeter("test") },
    });
    const { resourceMetrics } = await reader.collect();
    const metrics = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
    const byName = new Map(metrics.map((metric) => [metric.descriptor.name, metric]));
    const usage = byName.get("gen_ai.client.token.usage");
    expect(usage?.descriptor.unit).toBe("{token}");
    expect(usage?.dataPoints.map((point) => point.attributes["gen_ai.token.type"]).sort()).toEqual([
      "input",
      "output",
    ]);
    expect(byName.get("gen_ai.client.operation.duration")?.descriptor.unit).toBe("s");
    await meterProvider.shutdown();
  });

  it("counts the compaction step's tokens in gen_ai.usage, with keel.context.compaction naming that part", async () => {
    const { tracer, only } = tracing();
    const usage = {
      input_tokens: 300,
      output_tokens: 40,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      iterations: [
        { type: "compaction", input_tokens: 9000, output_tokens: 120 },
        { type: "message", input_tokens: 300, output_tokens: 40 },
      ],
    };
    const client = new ScriptedClient([reply([text("Shipped.")], "end_turn", { usage } as never)]);
    await runAgent({ client, model: "m", prompt: "Hi.", telemetry: { tracer } });
    for (const span of [only("chat"), only("invoke_agent")]) {
      expect(span.attributes).toMatchObject({
        "gen_ai.usage.input_tokens": 9300,
        "gen_ai.usage.output_tokens": 160,
        "keel.context.compaction.input_tokens": 9000,
        "keel.context.compaction.output_tokens": 120,
      });
    }
  });

  it("without telemetry nothing is loaded or recorded; a bad telemetry option is a RunOptionsError", async () => {
    const client = new ScriptedClient([answer("Hello.")]);
    const result = await runAgent({ client, model: "m", prompt: "Hi." });
    expect(result.status).toBe("completed");
    await expect(
      runAgent({ client, model: "m", prompt: "Hi.", telemetry: { tracer: {} as never } }),
    ).rejects.toMatchObject({ code: "INVALID_RUN_OPTIONS", message: expect.stringContaining('"telemetry"') });
  });
});
