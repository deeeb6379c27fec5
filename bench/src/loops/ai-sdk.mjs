import { createAnthropic } from "@ai-sdk/anthropic";
import { generateText, stepCountIs, streamText, tool } from "ai";
import { z } from "zod";
import { MAX_TOKENS, SYSTEM_PROMPT, USER_PROMPT } from "../lib/sessions.mjs";
import { clientOptions } from "./client-options.mjs";

/**
 * The Vercel AI SDK: `generateText` (or `streamText`) with `@ai-sdk/anthropic` pointed at the same
 * transport, `stopWhen: stepCountIs(n)` for the multi-step tool loop.
 * @param {import("./types.mjs").LoopSetup} setup
 * @returns {import("./types.mjs").Loop}
 */
export function createAiSdkLoop(setup) {
  const { transport, stream, model, toolNames, behaviour, maxRequests } = setup;
  const provider = createAnthropic(clientOptions(transport, "/v1"));
  /** @type {Record<string, any>} */
  const tools = {};
  for (const shape of toolNames) {
    tools[shape.name] = tool({
      description: shape.description,
      inputSchema: z.object({ order_id: z.string() }),
      execute: (input) => behaviour.run(shape.name, input),
    });
  }
  const options = {
    model: provider(model),
    system: SYSTEM_PROMPT,
    prompt: USER_PROMPT,
    tools,
    maxOutputTokens: MAX_TOKENS,
    stopWhen: stepCountIs(maxRequests),
  };
  return {
    async run() {
      if (!stream) {
        const result = await generateText(options);
        if (result.finishReason !== "stop") throw new Error(`generateText ended ${result.finishReason}`);
        return { text: result.text, requests: result.steps.length };
      }
      /** @type {unknown} */
      let failure;
      const result = streamText({
        ...options,
        onError: ({ error }) => {
          failure = error;
        },
      });
      await result.consumeStream();
      if (failure) throw failure;
      const [text, steps, finishReason] = await Promise.all([result.text, result.steps, result.finishReason]);
      if (finishReason !== "stop") throw new Error(`streamText ended ${finishReason}`);
      return { text, requests: steps.length };
    },
  };
}
