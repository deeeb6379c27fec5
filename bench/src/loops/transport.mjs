import { MAX_TOKENS, SYSTEM_PROMPT, USER_PROMPT } from "../lib/sessions.mjs";
import { toolResultTurn } from "../lib/tool-behavior.mjs";

/**
 * The transport alone: `fetch` + `res.json()`, or a small SSE reader that assembles the message — no SDK.
 * What any client pays to move the bytes; the floor of the floors. It marks when each request leaves,
 * each tool_use block completes and each reply ends, which is how the streaming bench finds its limit.
 * @param {import("./types.mjs").LoopSetup} setup
 * @returns {import("./types.mjs").Loop}
 */
export function createTransportLoop(setup) {
  const { transport, stream, model, toolNames, behaviour, maxRequests } = setup;
  const fetch = transport.fetch ?? globalThis.fetch;
  const url = `${transport.baseURL ?? "https://api.anthropic.com"}/v1/messages`;
  const headers = {
    "content-type": "application/json",
    "x-api-key": "sk-ant-bench",
    "anthropic-version": "2023-06-01",
  };
  const tools = toolNames.map((shape) => ({
    name: shape.name,
    description: shape.description,
    input_schema: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
  }));
  return {
    async run() {
      /** @type {any[]} */
      const messages = [{ role: "user", content: USER_PROMPT }];
      for (let requests = 1; requests <= maxRequests; requests++) {
        const body = JSON.stringify({
          model,
          max_tokens: MAX_TOKENS,
          system: SYSTEM_PROMPT,
          tools,
          messages,
          stream,
        });
        behaviour.mark("request", requests);
        const response = await fetch(url, { method: "POST", headers, body });
        if (!response.ok) throw new Error(`transport: HTTP ${response.status}: ${await response.text()}`);
        const reply = stream ? await readSse(response, behaviour.mark) : await response.json();
        behaviour.mark("message_stop", requests);
        messages.push({ role: "assistant", content: reply.content });
        if (reply.stop_reason !== "tool_use") return { text: reply.content[0]?.text ?? "", requests };
        messages.push(await toolResultTurn(reply, behaviour));
      }
      throw new Error("transport loop: the session did not end");
    },
  };
}

/**
 * Assembles a Message from an SSE body: text deltas appended, input JSON parsed at content_block_stop.
 * @param {Response} response
 * @param {(what: "block_stop", index: number) => void} mark called at each tool_use's content_block_stop
 */
async function readSse(response, mark) {
  /** @type {any} */
  let message;
  /** @type {string[]} */
  const json = [];
  const decoder = new TextDecoder();
  let buffer = "";
  /** @param {string} chunk */
  const handle = (chunk) => {
    const dataAt = chunk.indexOf("data: ");
    if (dataAt < 0) return;
    const event = JSON.parse(chunk.slice(dataAt + 6));
    switch (event.type) {
      case "message_start":
        message = event.message;
        break;
      case "content_block_start":
        message.content[event.index] = event.content_block;
        json[event.index] = "";
        break;
      case "content_block_delta":
        if (event.delta.type === "text_delta") message.content[event.index].text += event.delta.text;
        else json[event.index] += event.delta.partial_json;
        break;
      case "content_block_stop":
        if (message.content[event.index].type === "tool_use") {
          message.content[event.index].input = JSON.parse(json[event.index] || "{}");
          mark("block_stop", event.index);
        }
        break;
      case "message_delta":
        message.stop_reason = event.delta.stop_reason;
        message.usage.output_tokens = event.usage.output_tokens;
        break;
    }
  };
  for await (const bytes of /** @type {AsyncIterable<Uint8Array>} */ (response.body)) {
    buffer += decoder.decode(bytes, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      handle(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
    }
  }
  return message;
}
