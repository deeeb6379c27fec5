import { getEventListeners } from "node:events";
import { thresholdRedirect } from "@keel/hooks";
import { DEFAULT_MODEL, type RunOptions, runAgent, ScriptedClient, type ScriptStep } from "@keel/loop";
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import type { McpConnection } from "./connection-options.js";
import { changingServerConnections, runTool } from "./test-servers.test-helpers.js";

const connect = changingServerConnections();

async function ledger(connection: McpConnection): Promise<unknown> {
  const outcome = await runTool(connection, "ledger");
  return outcome.kind === "success" ? outcome.data : outcome;
}

type ScriptedRun = Partial<RunOptions> & { readonly script: readonly ScriptStep[]; readonly prompt: string };

/** runAgent with the model's replies scripted, over the connection's tools unless `options.tools` is given. */
async function runScripted(connection: McpConnection, { script, ...options }: ScriptedRun) {
  const client = new ScriptedClient(script);
  const result = await runAgent({ client, model: DEFAULT_MODEL, tools: connection.tools, ...options });
  return { client, result };
}

describe("MCP tools inside runAgent", () => {
  it("pass the same pre-hooks as local tools: a $750 payment is redirected to a person, never paid", async () => {
    const connection = await connect();
    const { result } = await runScripted(connection, {
      script: [
        { content: [{ type: "tool_use", id: "toolu_1", name: "pay", input: { amount: 750 } }] },
        { content: [{ type: "text", text: "A person will look at the refund." }] },
      ],
      prompt: "Refund $750.",
      hooks: {
        pre: [
          thresholdRedirect({
            tool: "pay",
            field: "amount",
            limit: 500,
            redirectTo: "escalate",
            buildInput: (_call, value) => ({ reason: `payment of ${value} needs a person` }),
          }),
        ],
      },
    });
    expect(result.status).toBe("completed");
    expect(await ledger(connection)).toEqual({
      payments: [],
      escalations: ["payment of 750 needs a person"],
    });
    expect(result.toolCalls[0]).toMatchObject({
      requested: "pay",
      executed: "escalate",
      decision: "redirect",
    });
  });

  it("an error from a foreign server reaches the model as is_error with its category, and the run still answers", async () => {
    const { result } = await runScripted(await connect(), {
      script: [
        { content: [{ type: "tool_use", id: "toolu_1", name: "fails", input: {} }] },
        { content: [{ type: "text", text: "The widget service is down." }] },
      ],
      prompt: "Go.",
    });
    expect(result.status).toBe("completed");
    const answer = result.messages[2];
    expect(answer?.content).toEqual([
      expect.objectContaining({ type: "tool_result", tool_use_id: "toolu_1", is_error: true }),
    ]);
    expect(JSON.stringify(answer?.content)).toContain('\\"category\\":\\"unclassified\\"');
  });

  it("with tools: () => connection.tools, a tool the server adds during a round is callable in the next", async () => {
    const connection = await connect();
    const { client, result } = await runScripted(connection, {
      script: [
        { content: [{ type: "tool_use", id: "toolu_1", name: "unlock", input: {} }] },
        { content: [{ type: "tool_use", id: "toolu_2", name: "hidden", input: {} }] },
        { content: [{ type: "text", text: "Found it." }] },
      ],
      tools: () => connection.tools,
      prompt: "Unlock, then use the new tool.",
    });
    expect(result.status).toBe("completed");
    expect(client.requests[1]?.tools?.map((tool) => tool.name)).toContain("hidden");
    expect(result.toolCalls[1]).toMatchObject({ requested: "hidden", isError: false });
  });

  it("carries the execute_tool span to the server in _meta.traceparent (W3C), so the server joins the trace", async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    try {
      const exporter = new InMemorySpanExporter();
      const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
      const { result } = await runScripted(await connect(), {
        script: [
          { content: [{ type: "tool_use", id: "toolu_1", name: "seen_meta", input: {} }] },
          { content: [{ type: "text", text: "Seen." }] },
        ],
        prompt: "What did you see?",
        telemetry: { tracer: provider.getTracer("test") },
      });
      const span = exporter
        .getFinishedSpans()
        .find((candidate) => candidate.name === "execute_tool seen_meta");
      const { traceId, spanId } = span!.spanContext();
      const seen = result.toolCalls[0]?.outcome;
      expect(seen).toMatchObject({
        kind: "success",
        data: { meta: [{ traceparent: `00-${traceId}-${spanId}-01` }] },
      });
    } finally {
      context.disable();
    }
  });
});

describe("a long run over MCP tools", () => {
  it("adds no listener per call to the run's signal: 200 rounds, no MaxListenersExceededWarning", async () => {
    const connection = await connect();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const controller = new AbortController();
    const rounds = 200;
    const script: ScriptStep[] = Array.from({ length: rounds }, (_, index) => ({
      content: [{ type: "tool_use", id: `toolu_${index}`, name: "ledger", input: {} }],
    }));
    try {
      const { result } = await runScripted(connection, {
        script: [...script, { content: [{ type: "text", text: "Done." }] }],
        prompt: "Read the ledger again and again.",
        signal: controller.signal,
        maxIterations: rounds + 1,
      });
      expect(result.status).toBe("completed");
      expect(result.toolCalls).toHaveLength(rounds);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
      expect(getEventListeners(controller.signal, "abort").length).toBeLessThanOrEqual(2);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
