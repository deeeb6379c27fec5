import Anthropic from "@anthropic-ai/sdk";
import { MAX_TOKENS, SYSTEM_PROMPT, USER_PROMPT } from "../lib/sessions.mjs";
import { clientOptions } from "./client-options.mjs";

/**
 * The floor of PERFORMANCE.md: the least a loop over `@anthropic-ai/sdk` can do — `client.messages.create`
 * (or `.stream().finalMessage()`), append, run the calls with Promise.all, repeat. `eager` starts each
 * call at its own `content_block_stop` (the SDK's `contentBlock` event): the hand-written eager loop.
 * @param {import("./types.mjs").LoopSetup} setup
 * @returns {import("./types.mjs").Loop}
 */
export function createFloorLoop(setup) {
  const { transport, stream, model, toolNames, behaviour, maxRequests, eager } = setup;
  const client = new Anthropic(clientOptions(transport));
  const tools = toolNames.map((shape) => ({
    name: shape.name,
    description: shape.description,
    input_schema: {
      type: /** @type {const} */ ("object"),
      properties: { order_id: { type: "string" } },
      required: ["order_id"],
    },
  }));
  /** @param {any} block */
  const call = async (block) => ({
    type: /** @type {const} */ ("tool_result"),
    tool_use_id: block.id,
    content: JSON.stringify(await behaviour.run(block.name, block.input)),
  });
  return {
    async run() {
      /** @type {any[]} */
      const messages = [{ role: "user", content: USER_PROMPT }];
      for (let requests = 1; requests <= maxRequests; requests++) {
        const params = { model, max_tokens: MAX_TOKENS, system: SYSTEM_PROMPT, tools, messages };
        /** @type {Map<string, Promise<any>>} */
        const started = new Map();
        let reply;
        if (!stream) reply = await client.messages.create(params);
        else {
          const pending = client.messages.stream(params);
          if (eager) {
            pending.on("contentBlock", (block) => {
              if (block.type === "tool_use") started.set(block.id, call(block));
            });
          }
          reply = await pending.finalMessage();
        }
        messages.push({ role: "assistant", content: reply.content });
        if (reply.stop_reason !== "tool_use") {
          const text = reply.content.map((/** @type {any} */ block) => block.text ?? "").join("");
          return { text, requests };
        }
        const uses = reply.content.filter((block) => block.type === "tool_use");
        const results = await Promise.all(uses.map((block) => started.get(block.id) ?? call(block)));
        messages.push({ role: "user", content: results });
      }
      throw new Error("floor loop: the session did not end");
    },
  };
}
