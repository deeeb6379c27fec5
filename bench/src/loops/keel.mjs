import { success } from "@keel/errors";
import { AnthropicClient, runAgent } from "@keel/loop";
import { defineTool } from "@keel/tools";
import { z } from "zod";
import { MAX_TOKENS, SYSTEM_PROMPT, USER_PROMPT } from "../lib/sessions.mjs";
import { clientOptions } from "./client-options.mjs";

/**
 * Keel: `runAgent` with the Anthropic client, defaults as a user gets them (prompt caching on, retries on).
 * @param {import("./types.mjs").LoopSetup} setup
 * @returns {import("./types.mjs").Loop}
 */
export function createKeelLoop(setup) {
  const { transport, stream, model, toolNames, behaviour, maxRequests } = setup;
  const client = new AnthropicClient({ ...clientOptions(transport), stream });
  const tools = keelTools(toolNames, behaviour);
  return {
    async run() {
      const result = await runAgent({
        client,
        model,
        system: SYSTEM_PROMPT,
        tools,
        prompt: USER_PROMPT,
        maxTokens: MAX_TOKENS,
        maxIterations: maxRequests,
      });
      if (result.status !== "completed") {
        throw new Error(`keel run ended ${result.status}: ${JSON.stringify(result.error ?? result.text)}`);
      }
      return { text: result.text, requests: result.modelRequests };
    },
  };
}

/**
 * The bench tools as Keel tools: zod input, the shape's effect, the shared behaviour.
 * @param {import("../lib/tool-behavior.mjs").ToolShape[]} shapes
 * @param {import("./types.mjs").LoopSetup["behaviour"]} behaviour
 */
export function keelTools(shapes, behaviour) {
  return shapes.map((shape) =>
    defineTool({
      name: shape.name,
      description: shape.description,
      input: z.object({ order_id: z.string() }),
      effect: shape.effect,
      handler: async (input) => success(await behaviour.run(shape.name, input)),
    }),
  );
}
