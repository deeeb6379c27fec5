import { thresholdRedirect } from "@keel/hooks";
import { runAgent, ScriptedClient } from "@keel/loop";
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterEach, describe, expect, it } from "vitest";
import { connectMcpServer, type McpConnection } from "./connection.js";
import { changingServer, childPids, contextFor } from "./test-servers.test-helpers.js";

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
  expect(await childPids()).toEqual([]);
});

async function ledger(connection: McpConnection): Promise<unknown> {
  const tool = connection.tools.find((candidate) => candidate.name === "ledger");
  if (tool === undefined) throw new Error("no ledger tool");
  const outcome = await tool.handler({}, contextFor());
  return outcome.kind === "success" ? outcome.data : outcome;
}

describe("MCP tools inside runAgent", () => {
  it("pass the same pre-hooks as local tools: a $750 payment is redirected to a person, never paid", async () => {
    const connection = await connectMcpServer({ name: "changing", server: changingServer });
    open.push(connection);
    const client = new ScriptedClient([
      { content: [{ type: "tool_use", id: "toolu_1", name: "pay", input: { amount: 750 } }] },
      { content: [{ type: "text", text: "A person will look at the refund." }] },
    ]);
    const result = await runAgent({
      client,
      model: "claude-sonnet-5-5",
      tools: connection.tools,
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
    const connection = await connectMcpServer({ name: "changing", server: changingServer });
    open.push(connection);
    const client = new ScriptedClient([
      { content: [{ type: "tool_use", id: "toolu_1", name: "fails", input: {} }] },
      { content: [{ type: "text", text: "The widget service is down." }] },
    ]);
    const result = await runAgent({
      client,
      model: "claude-sonnet-5-5",
      tools: connection.tools,
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
    const connection = await connectMcpServer({ name: "changing", server: changingServer });
    open.push(connection);
    const client = new ScriptedClient([
      { content: [{ type: "tool_use", id: "toolu_1", name: "unlock", input: {} }] },
      { content: [{ type: "tool_use", id: "toolu_2", name: "hidden", input: {} }] },
      { content: [{ type: "text", text: "Found it." }] },
    ]);
    const result = await runAgent({
      client,
      model: "claude-sonnet-5-5",
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
      const connection = await connectMcpServer({ name: "changing", server: changingServer });
      open.push(connection);
      const client = new ScriptedClient([
        { content: [{ type: "tool_use", id: "toolu_1", name: "seen_meta", input: {} }] },
        { content: [{ type: "text", text: "Seen." }] },
      ]);
      const result = await runAgent({
        client,
        model: "claude-sonnet-5-5",
        tools: connection.tools,
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
