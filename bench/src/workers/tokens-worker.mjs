import { success } from "@keel/errors";
import { AnthropicClient, runAgent } from "@keel/loop";
import { createMemoryBackend, supportAgent } from "@keel/support-desk";
import { defineTool } from "@keel/tools";
import { z } from "zod";
import { serveTask } from "../lib/child.mjs";
import { rawOrderHistory, SUPPORT_PROMPT, SUPPORT_ROUNDS } from "../lib/support-session.mjs";

/**
 * Bench 6: the 10-round support session through `runAgent` against the testkit, whose usage numbers are
 * deterministic (input = body bytes / 4; cache reads from the breakpoints earlier requests placed). One
 * run per variant: the support agent's trimming post-hooks on or off, Keel's cache_control on or off.
 *
 * @typedef {{ id: string, trimming: boolean, cache: boolean }} Variant
 * @param {{ baseURL: string, variants: Variant[] }} spec
 */
export async function task(spec) {
  const results = [];
  for (const variant of spec.variants) results.push(await runVariant(spec.baseURL, variant));
  return { variants: results };
}

/** @param {string} baseURL @param {Variant} variant */
async function runVariant(baseURL, variant) {
  const backend = createMemoryBackend({ now: () => new Date("2026-11-22T12:00:00.000Z") });
  const agent = supportAgent(backend, { now: () => new Date("2026-11-22T12:00:00.000Z") });
  const history = defineTool({
    name: "get_order_history",
    description:
      "Lists every order of one verified customer (customer_id such as C-1001) as the order system stores it. " +
      "Use it for questions about several orders at once; use lookup_order for one order. Read-only.",
    input: z.strictObject({ customer_id: z.string() }),
    effect: "read",
    handler: async ({ customer_id }) => {
      const order = await backend.getOrder("ORD-1001");
      const refunded = order.kind === "found" ? order.order.refundedCents : 0;
      return success(rawOrderHistory(customer_id, refunded));
    },
  });
  const client = new AnthropicClient({ apiKey: "sk-ant-bench", baseURL, stream: false, maxRetries: 0 });
  const result = await runAgent({
    client,
    model: `bench-support-${variant.id}`,
    system: agent.system,
    tools: [...agent.tools, history],
    hooks: { pre: agent.hooks.pre, post: variant.trimming ? agent.hooks.post : [] },
    prompt: SUPPORT_PROMPT,
    maxIterations: SUPPORT_ROUNDS + 1,
    cache: variant.cache,
    metadata: { role: "agent" },
  });
  if (result.status !== "completed" || result.modelRequests !== SUPPORT_ROUNDS + 1) {
    throw new Error(`support session ${variant.id}: ${result.status} after ${result.modelRequests} requests`);
  }
  const failed = result.toolCalls.filter((call) => call.outcome.isError);
  if (failed.length > 0)
    throw new Error(`support session ${variant.id}: ${JSON.stringify(failed[0]?.outcome)}`);
  const perRequest = result.trace
    .filter((event) => event.type === "response")
    .map((event) => {
      const usage = /** @type {any} */ (event).usage;
      return {
        input: usage.input_tokens ?? 0,
        cacheRead: usage.cache_read_input_tokens ?? 0,
        cacheWrite: usage.cache_creation_input_tokens ?? 0,
      };
    });
  const bytes = result.trace
    .filter((event) => event.type === "request")
    .reduce((total, event) => total + /** @type {any} */ (event).bytes, 0);
  return { ...variant, perRequest, bytes, toolResultChars: toolResultChars(result.messages) };
}

/**
 * Characters of tool_result content in the history, by tool name.
 * @param {readonly any[]} messages
 */
function toolResultChars(messages) {
  /** @type {Map<string, string>} */
  const names = new Map();
  /** @type {Record<string, number>} */
  const chars = {};
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type === "tool_use") names.set(block.id, block.name);
      if (block.type === "tool_result") {
        const name = names.get(block.tool_use_id) ?? "?";
        const text = typeof block.content === "string" ? block.content : JSON.stringify(block.content);
        chars[name] = (chars[name] ?? 0) + text.length;
      }
    }
  }
  return chars;
}

serveTask(import.meta.url, task);
