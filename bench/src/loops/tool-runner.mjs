import Anthropic from "@anthropic-ai/sdk";
import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import { z } from "zod";
import { MAX_TOKENS, SYSTEM_PROMPT, USER_PROMPT } from "../lib/sessions.mjs";
import { clientOptions } from "./client-options.mjs";

/**
 * `@anthropic-ai/sdk`'s tool runner (`client.beta.messages.toolRunner`) sending the full history each
 * turn (`thread: false`), as PERFORMANCE.md measured it; `eager` turns on `runToolsEagerly`.
 * @param {import("./types.mjs").LoopSetup} setup
 * @returns {import("./types.mjs").Loop}
 */
export function createToolRunnerLoop(setup) {
  const { transport, stream, model, toolNames, behaviour, maxRequests, eager } = setup;
  const client = new Anthropic(clientOptions(transport));
  const tools = toolNames.map((shape) =>
    betaZodTool({
      name: shape.name,
      description: shape.description,
      inputSchema: z.object({ order_id: z.string() }),
      run: async (input) => JSON.stringify(await behaviour.run(shape.name, input)),
    }),
  );
  return {
    async run() {
      const runner = client.beta.messages.toolRunner({
        model,
        max_tokens: MAX_TOKENS,
        system: SYSTEM_PROMPT,
        messages: [{ role: "user", content: USER_PROMPT }],
        tools,
        thread: false,
        max_iterations: maxRequests,
        ...(stream ? { stream: true } : {}),
        ...(eager ? { runToolsEagerly: true } : {}),
      });
      let requests = 0;
      /** @type {any} */
      let last;
      for await (const turn of runner) {
        requests += 1;
        last = stream ? await turn.finalMessage() : turn;
      }
      if (last?.stop_reason !== "end_turn") throw new Error(`tool runner ended ${last?.stop_reason}`);
      const text = last.content.map((/** @type {any} */ block) => block.text ?? "").join("");
      return { text, requests };
    },
  };
}
