import { readFileSync } from "node:fs";
import { success } from "@keel/errors";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { defineTool } from "@keel/tools";
import { BasicTracerProvider, BatchSpanProcessor, InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { expect, it } from "vitest";
import { z } from "zod";
import { AnthropicClient } from "../clients/anthropic-client.js";
import { ScriptedClient } from "../clients/scripted-client.js";
import { formatTrace } from "./format-trace.js";
import { runAgent } from "./run-agent.js";

// The README's two examples, kept runnable here.
const weather = defineTool({
  name: "get_weather",
  description: "Returns the current weather for a city.",
  input: z.object({ city: z.string() }),
  effect: "read",
  handler: ({ city }) => success({ city, celsius: 21 }),
});

/** The README's first example: one tool round with the scripted client, and any extra options. */
function weatherRound(extra: Partial<Parameters<typeof runAgent>[0]> = {}) {
  const client = new ScriptedClient([
    { content: [{ type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Oslo" } }] },
    { content: [{ type: "text", text: "It is 21 °C in Oslo." }] },
  ]);
  return runAgent({
    client,
    model: "claude-sonnet-5-5",
    tools: [weather],
    prompt: "Weather in Oslo?",
    ...extra,
  });
}

it("README: runs a tool round with the scripted client", async () => {
  const result = await weatherRound();
  expect([result.status, result.text]).toEqual(["completed", "It is 21 °C in Oslo."]);
});

it("README: runs the same loop over HTTP against the fake Messages API", async () => {
  const api = await startFakeMessagesApi({
    script: [
      toolUseResponse([{ name: "get_weather", input: { city: "Oslo" } }], { text: "Let me check." }),
      textResponse("It is 21 °C in Oslo."),
    ],
  });
  const client = new AnthropicClient({ apiKey: "test-key", baseURL: api.url });
  const result = await runAgent({
    client,
    model: "claude-sonnet-5-5",
    system: "Be brief.",
    tools: [weather],
    prompt: "Weather in Oslo?",
    now: counter(),
    idGenerator: () => "run_1",
  });
  await api.close();
  expect(result.status).toBe("completed");
  const trace = formatTrace(result.trace);
  if (process.env.KEEL_PRINT_README === "1") console.log(trace);
  // The README shows exactly this output; only the wall-clock start differs from run to run.
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const sample = /```text\n(run run_1 [\s\S]*?)```/.exec(readme)?.[1];
  const stable = (text: string) => text.replace(/started \S+/, "started <time>").trimEnd();
  expect(stable(trace)).toBe(stable(sample ?? ""));
});

/** A clock that advances 1 ms per reading, so the printed trace is stable. */
function counter() {
  let time = 0;
  return () => time++;
}

it("README: Tracing wires a tracer in a few lines (an in-memory exporter in place of OTLP)", async () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
  const tracer = provider.getTracer("support-agent");
  const result = await weatherRound({ telemetry: { tracer, agentName: "support" } });
  await provider.forceFlush();
  expect(result.status).toBe("completed");
  expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
    "chat claude-sonnet-5-5",
    "execute_tool get_weather",
    "chat claude-sonnet-5-5",
    "invoke_agent support",
  ]);
});
