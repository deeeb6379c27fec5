import { createAnthropic } from "@ai-sdk/anthropic";
import Anthropic from "@anthropic-ai/sdk";
import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import { success } from "@keel/errors";
import { AnthropicClient, runAgent } from "@keel/loop";
import { estimateTokens, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { defineTool } from "@keel/tools";
import { generateText, stepCountIs, tool } from "ai";
import { z } from "zod";
import { aiSdkPrompt } from "../lib/ai-sdk-prompt.mjs";
import { serveTask } from "../lib/child.mjs";

/**
 * Bench 7: what a user pays in input-token equivalents (cache writes ×1.25, cache reads ×0.1) for two
 * consecutive 10-round runs that share one large system prompt, per loop and caching setup, counted by the
 * testkit's deterministic prompt-cache model (tools → system → messages; a request reads the longest
 * prefix an earlier request marked with a breakpoint).
 */

export const ROUNDS = 10;
const MODEL = "bench-cost";
const USER_PROMPT = "Please check order ORD-1001 and tell me whether it has shipped.";
const DESCRIPTION =
  "Looks up one order by its id (ORD-1234) and returns status, total and shipping. Use it for questions " +
  "about a single order; do NOT use it to change an order.";

/** About 50 KB of deterministic policy text: the long system prompt a support agent really carries. */
export function systemPrompt(kilobytes = 50) {
  const lines = [];
  for (let index = 1; lines.join("\n").length < kilobytes * 1024; index += 1) {
    lines.push(
      `Policy ${index}: when a customer asks about case type ${index}, verify the account first, quote the ` +
        `order id exactly, never promise a refund above the limit, and escalate disputes older than ${index} days.`,
    );
  }
  return lines.join("\n");
}

/** The fake's answer: a lookup per round until ROUNDS tool results are in the history, then an answer. */
function handler(request) {
  const rounds = request.messages.filter(
    (message) =>
      Array.isArray(message.content) && message.content.some((block) => block.type === "tool_result"),
  ).length;
  if (rounds >= ROUNDS) return textResponse("ORD-1001 has shipped.");
  return toolUseResponse([{ id: `toolu_r${rounds}`, name: "lookup_order", input: { order_id: "ORD-1001" } }]);
}

const ORDER = { order_id: "ORD-1001", status: "shipped", total: 129.5, carrier: "UPS" };

/** @type {Record<string, (baseURL: string, system: string) => () => Promise<void>>} */
const LOOPS = {
  keel: (baseURL, system) => {
    const client = new AnthropicClient({ apiKey: "sk-ant-bench", baseURL, stream: false, maxRetries: 0 });
    const lookup = defineTool({
      name: "lookup_order",
      description: DESCRIPTION,
      input: z.object({ order_id: z.string() }),
      effect: "read",
      handler: () => success(ORDER),
    });
    return async () => {
      const result = await runAgent({
        client,
        model: MODEL,
        system,
        tools: [lookup],
        prompt: USER_PROMPT,
        maxIterations: ROUNDS + 1,
      });
      if (result.status !== "completed") throw new Error(`keel ended ${result.status}`);
    };
  },
  ...toolRunnerLoops(),
  ...aiSdkLoops(),
};

function toolRunnerLoops() {
  const make = (cached) => (baseURL, system) => {
    const client = new Anthropic({ apiKey: "sk-ant-bench", baseURL, maxRetries: 0 });
    const lookup = betaZodTool({
      name: "lookup_order",
      description: DESCRIPTION,
      inputSchema: z.object({ order_id: z.string() }),
      run: async () => JSON.stringify(ORDER),
    });
    // Documented caching of a long system prompt: a text block with cache_control (prompt-caching guide).
    const systemParam = cached
      ? [{ type: "text", text: system, cache_control: { type: "ephemeral" } }]
      : system;
    return async () => {
      const runner = client.beta.messages.toolRunner({
        model: MODEL,
        max_tokens: 1024,
        system: systemParam,
        messages: [{ role: "user", content: USER_PROMPT }],
        tools: [lookup],
        thread: false,
        max_iterations: ROUNDS + 1,
      });
      let last;
      for await (const message of runner) last = message;
      if (last?.stop_reason !== "end_turn") throw new Error(`tool runner ended ${last.stop_reason}`);
    };
  };
  return { "tool-runner": make(false), "tool-runner-cached": make(true) };
}

function aiSdkLoops() {
  const make = (cached) => (baseURL, system) => {
    const provider = createAnthropic({ apiKey: "sk-ant-bench", baseURL: `${baseURL}/v1` });
    const tools = {
      lookup_order: tool({
        description: DESCRIPTION,
        inputSchema: z.object({ order_id: z.string() }),
        execute: async () => ORDER,
      }),
    };
    const systemOptions = aiSdkPrompt(system, USER_PROMPT, cached);
    return async () => {
      const result = await generateText({
        model: provider(MODEL),
        ...systemOptions,
        tools,
        maxOutputTokens: 1024,
        stopWhen: stepCountIs(ROUNDS + 1),
        maxRetries: 0,
      });
      if (result.finishReason !== "stop") throw new Error(`generateText ended ${result.finishReason}`);
    };
  };
  return { "ai-sdk": make(false), "ai-sdk-cached": make(true) };
}

/** @param {{ loops: string[], kilobytes: number }} spec */
export async function task(spec) {
  const system = systemPrompt(spec.kilobytes);
  const rows = [];
  for (const id of spec.loops) {
    const api = await startFakeMessagesApi({ handler });
    try {
      const run = LOOPS[id](api.url, system);
      await run();
      await run();
      const usage = api.requests.map((request) => request.response?.message?.usage ?? {});
      const sum = (key) => usage.reduce((total, entry) => total + (entry[key] ?? 0), 0);
      const input = sum("input_tokens");
      const write = sum("cache_creation_input_tokens");
      const read = sum("cache_read_input_tokens");
      rows.push({
        id,
        requests: api.requests.length,
        input,
        write,
        read,
        output: sum("output_tokens"),
        billed: input + 1.25 * write + 0.1 * read,
      });
    } finally {
      await api.close();
    }
  }
  // The system prompt as one text block, counted as the fake counts it: what every request must carry.
  const systemTokens = estimateTokens(Buffer.byteLength(JSON.stringify({ type: "text", text: system })));
  return { rows, systemBytes: Buffer.byteLength(system), systemTokens };
}

await serveTask(import.meta.url, task);
