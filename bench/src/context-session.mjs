import Anthropic from "@anthropic-ai/sdk";
import { success } from "@keel/errors";
import { AnthropicClient, runAgent } from "@keel/loop";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { defineTool } from "@keel/tools";
import { z } from "zod";

/**
 * Issue 33's session: 200 rounds, each reading a 2–5 KB record, against @keel/testkit (whose usage is
 * deterministic: 1 token per 4 bytes, its prompt-cache model, its context edits). Billed input-token
 * equivalents = input + 1.25 × cache writes + 0.1 × cache reads (+ compaction steps, billed the same way).
 * Run: `pnpm turbo run build --filter=@keel/loop... --filter=@keel/testkit...` then
 * `node bench/src/context-session.mjs`.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const WINDOW = 200_000;
const MODEL = "claude-sonnet-5-5";
const SYSTEM = "You are a support agent. Look up what the customer asks about.";
const record = (index) => {
  const size = 2048 + ((index * 7919) % 3072); // 2–5 KB, deterministic
  return { id: `R-${index}`, notes: `Record ${index}: `.padEnd(size, "lorem ipsum dolor sit amet ") };
};
const script = () => [
  ...Array.from({ length: ROUNDS }, (_, index) =>
    toolUseResponse([{ name: "read_record", input: { id: `R-${index}` } }], { text: `Reading ${index}.` }),
  ),
  textResponse("Here is what I found."),
];

const billed = (usage) =>
  (usage.input_tokens ?? 0) +
  1.25 * (usage.cache_creation_input_tokens ?? 0) +
  0.1 * (usage.cache_read_input_tokens ?? 0);

async function keel(label, context) {
  const api = await startFakeMessagesApi({ script: script() });
  const tool = defineTool({
    name: "read_record",
    description: "Returns one customer record.",
    input: z.object({ id: z.string() }),
    effect: "read",
    handler: ({ id }) => success(record(Number(id.slice(2)))),
  });
  const client = new AnthropicClient({
    apiKey: "sk-ant-bench",
    baseURL: api.url,
    stream: false,
    maxRetries: 0,
  });
  const result = await runAgent({
    client,
    model: MODEL,
    system: SYSTEM,
    tools: [tool],
    prompt: "Go through every record.",
    maxIterations: ROUNDS + 1,
    ...(context ? { context } : {}),
  });
  let total = 0;
  let largest = 0;
  for (const event of result.trace) {
    if (event.type !== "response") continue;
    const u = event.usage;
    total += billed(u);
    for (const step of u.iterations ?? []) if (step.type === "compaction") total += billed(step);
    const seen = (u.iterations ?? []).reduce(
      (max, step) =>
        Math.max(
          max,
          (step.input_tokens ?? 0) +
            (step.cache_read_input_tokens ?? 0) +
            (step.cache_creation_input_tokens ?? 0),
        ),
      (u.input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0),
    );
    largest = Math.max(largest, seen);
  }
  await api.close();
  return { label, status: result.status, requests: result.modelRequests, total, largest };
}

/** The loop the tool runner and the AI SDK run as they come: the full history every request, no cache_control. */
async function fullHistory(label) {
  const api = await startFakeMessagesApi({ script: script() });
  const sdk = new Anthropic({ apiKey: "sk-ant-bench", baseURL: api.url, maxRetries: 0 });
  const tools = [
    {
      name: "read_record",
      description: "Returns one customer record.",
      input_schema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    },
  ];
  const messages = [{ role: "user", content: "Go through every record." }];
  let total = 0;
  let largest = 0;
  let requests = 0;
  for (;;) {
    const response = await sdk.messages.create({
      model: MODEL,
      max_tokens: 4096,
      system: SYSTEM,
      tools,
      messages,
    });
    requests++;
    total += billed(response.usage);
    largest = Math.max(largest, response.usage.input_tokens + (response.usage.cache_read_input_tokens ?? 0));
    messages.push({ role: "assistant", content: response.content });
    const uses = response.content.filter((block) => block.type === "tool_use");
    if (response.stop_reason !== "tool_use") break;
    messages.push({
      role: "user",
      content: uses.map((use) => ({
        type: "tool_result",
        tool_use_id: use.id,
        content: JSON.stringify({ status: "success", data: record(Number(use.input.id.slice(2))) }),
      })),
    });
  }
  await api.close();
  return { label, status: "completed", requests, total, largest };
}

const rows = [
  await fullHistory("full history, no cache_control (the tool runner and the AI SDK as they come)"),
  await keel("Keel (cache breakpoints), no context editing", undefined),
  await keel("Keel + tool-use clearing (trigger 30k, keep 3, clear_at_least 10k)", {
    clearToolUses: { trigger: 30_000, keep: 3, clearAtLeast: 10_000 },
  }),
  await keel("Keel + compaction (trigger 60k)", { compact: { trigger: 60_000 } }),
  await keel("Keel + clearing + compaction", {
    clearToolUses: { trigger: 30_000, keep: 3, clearAtLeast: 10_000 },
    compact: { trigger: 60_000 },
  }),
];
const peer = rows[0].total;
console.log(
  `| session (${ROUNDS} rounds, 2–5 KB reads) | status | requests | billed input-token equivalents | vs full history | largest request (tokens) | over ${WINDOW / 1000}k window |`,
);
console.log("|---|---|---:|---:|---:|---:|---|");
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.status} | ${row.requests} | ${Math.round(row.total).toLocaleString("en")} | ${((100 * (row.total - peer)) / peer).toFixed(1)}% | ${row.largest.toLocaleString("en")} | ${row.largest > WINDOW ? "**yes**" : "no"} |`,
  );
}
