import { success } from "@keel/errors";
import { SECRET_CORPUS } from "@keel/secrets/internal";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { expect, it } from "vitest";
import { ScriptedClient } from "../clients/scripted-client.js";
import { runAgent } from "../run/run-agent.js";
import { answer, reply, spyTool, toolUse } from "../run/run-fixtures.test-helpers.js";

/** The credential itself ("Bearer x" → "x", a URL → its password), as the corpus's other tests read it. */
const CREDENTIALS = SECRET_CORPUS.map((secret) =>
  secret.replace(/^Bearer /, "").replace(/^[a-z]+:\/\/[^:]+:([^@]+)@.*$/s, "$1"),
);

it("spans that capture content hold no secret of the shared corpus: prompt, arguments, results, answers", async () => {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer(
    "t",
  );
  const secrets = SECRET_CORPUS.join(" | ");
  const lookup = spyTool("lookup_order", "read", () => success({ note: secrets }));
  await runAgent({
    client: new ScriptedClient([
      reply([toolUse("toolu_1", "lookup_order", { order_id: "O-1", remark: secrets })]),
      answer(`Here they are: ${secrets}`),
    ]),
    model: "m",
    tools: [lookup],
    system: `Never repeat ${secrets}`,
    prompt: `My secrets: ${secrets}`,
    telemetry: { tracer, captureContent: true },
  });
  const attributes = JSON.stringify(exporter.getFinishedSpans().map((span) => span.attributes));
  expect(attributes).toContain("[REDACTED]");
  for (const credential of CREDENTIALS) {
    expect(
      attributes.includes(credential) || attributes.includes(JSON.stringify(credential).slice(1, -1)),
    ).toBe(false);
  }
});
