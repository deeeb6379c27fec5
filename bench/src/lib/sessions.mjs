/**
 * The canned work every implementation does: the same Messages API responses, served either in-process
 * through a client's `fetch` option (no server time at all) or by the @keel/testkit server. A session's
 * responses are chosen by the request's `model` name, so one server process serves every bench.
 */

export const SYSTEM_PROMPT = "You are a support agent. Look orders up with the tools; answer briefly.";
export const USER_PROMPT = "Please check my orders and tell me whether they have shipped.";
export const MAX_TOKENS = 1024;

/** @param {number} index */
export const orderId = (index) => `ORD-${1001 + index}`;
/** @param {number} round @param {number} [call] */
export const toolUseId = (round, call = 0) =>
  `toolu_bench${String(round).padStart(4, "0")}${String(call).padStart(2, "0")}x`;

/**
 * @typedef {{ type: "text", text: string } | { type: "tool_use", id: string, name: string, input: Record<string, unknown> }} Block
 * @typedef {{ id: string, type: "message", role: "assistant", model: string, content: Block[],
 *   stop_reason: string, stop_sequence: null, usage: { input_tokens: number, output_tokens: number } }} CannedMessage
 */

/**
 * @param {string} model
 * @param {number} index
 * @param {Block[]} content
 * @returns {CannedMessage}
 */
function message(model, index, content) {
  const toolUse = content.some((block) => block.type === "tool_use");
  return {
    id: `msg_bench${String(index).padStart(6, "0")}`,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: toolUse ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 120, output_tokens: 40 },
  };
}

/** @param {string} model @param {number} index */
export const finalAnswer = (model, index) =>
  message(model, index, [{ type: "text", text: "I checked every order: all of them have shipped." }]);

/**
 * Response `round` (0-based) of the R-round session: one text block and one `lookup_order` call per round,
 * then an `end_turn` answer at round R.
 * @param {string} model @param {number} rounds @param {number} round
 */
export function sessionResponse(model, rounds, round) {
  if (round >= rounds) return finalAnswer(model, round);
  return message(model, round, [
    { type: "text", text: `Let me look up order ${orderId(round)} for you.` },
    { type: "tool_use", id: toolUseId(round), name: "lookup_order", input: { order_id: orderId(round) } },
  ]);
}

/**
 * One response with `count` tool calls of `name` (orders ORD-1001…), then the final answer.
 * @param {string} model @param {string} name @param {number} count @param {number} round
 */
export function batchResponse(model, name, count, round) {
  if (round >= 1) return finalAnswer(model, round);
  /** @type {Block[]} */
  const content = [];
  for (let call = 0; call < count; call++) {
    content.push({ type: "tool_use", id: toolUseId(round, call), name, input: { order_id: orderId(call) } });
  }
  return message(model, round, content);
}

/**
 * The exact SSE text of a streamed message, chunked like the API (and the testkit): 24-character text
 * deltas, 12-character input JSON deltas after an empty first one.
 * @param {CannedMessage} canned
 */
export function encodeSse(canned) {
  const parts = [];
  /** @param {string} event @param {unknown} data */
  const push = (event, data) => parts.push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const start = {
    ...canned,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { ...canned.usage, output_tokens: 1 },
  };
  push("message_start", { type: "message_start", message: start });
  for (const [index, block] of canned.content.entries()) {
    if (block.type === "text") {
      push("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "text", text: "" },
      });
      if (index === 0) push("ping", { type: "ping" });
      for (const piece of chunks(block.text, 24)) {
        push("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "text_delta", text: piece },
        });
      }
    } else {
      const content_block = { ...block, input: {} };
      push("content_block_start", { type: "content_block_start", index, content_block });
      if (index === 0) push("ping", { type: "ping" });
      for (const piece of ["", ...chunks(JSON.stringify(block.input), 12)]) {
        const delta = { type: "input_json_delta", partial_json: piece };
        push("content_block_delta", { type: "content_block_delta", index, delta });
      }
    }
    push("content_block_stop", { type: "content_block_stop", index });
  }
  const delta = { stop_reason: canned.stop_reason, stop_sequence: null };
  push("message_delta", {
    type: "message_delta",
    delta,
    usage: { output_tokens: canned.usage.output_tokens },
  });
  push("message_stop", { type: "message_stop" });
  return parts.join("");
}

/** @param {string} text @param {number} size */
function chunks(text, size) {
  const pieces = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

/**
 * A `fetch` that answers in-process from pre-encoded responses, in order, with no server time; `stamps`
 * gets `performance.now()` at each request (round timings for the growth figures).
 * @param {readonly CannedMessage[]} responses
 * @param {boolean} stream
 */
export function cannedFetch(responses, stream) {
  const bodies = responses.map((canned) => (stream ? encodeSse(canned) : JSON.stringify(canned)));
  const headers = stream
    ? { "content-type": "text/event-stream; charset=utf-8", "request-id": "req_bench" }
    : { "content-type": "application/json", "request-id": "req_bench" };
  /** @type {number[]} */
  const stamps = [];
  let next = 0;
  /** @type {(input: string | URL | Request, init?: RequestInit) => Promise<Response>} */
  const fetch = async () => {
    stamps.push(performance.now());
    const body = bodies[next++];
    if (body === undefined)
      throw new Error(`canned fetch: request #${next} is past the ${bodies.length} responses`);
    return new Response(body, { status: 200, headers });
  };
  return {
    fetch,
    stamps,
    reset() {
      next = 0;
      stamps.length = 0;
    },
    get served() {
      return next;
    },
  };
}
