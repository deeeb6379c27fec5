import type { ModelClient } from "@keel/loop";
import { type Tool, toAnthropicTool } from "@keel/tools";
import type { ToolUseBlock } from "@keel/wire";

/** What `keel route` prints, offline or live: one tool, the tied tools, or neither. */
export interface RouteAnswer {
  readonly tool: string | null;
  readonly ambiguous: readonly string[] | null;
  readonly reason: string;
}

/**
 * The only instruction besides the descriptions: the live router measures the descriptions, so it must not
 * add routing advice of its own (the support agent's system prompt would).
 */
export const LIVE_ROUTER_SYSTEM =
  "You route customer-support requests. If one of the tools fits the request, call it; if none fits, " +
  "answer without calling a tool.";

const isToolUse = (block: { type: string }): block is ToolUseBlock => block.type === "tool_use";

/**
 * Asks the model which tool it would call for `request`: the tools' rendered descriptions and schemas,
 * `tool_choice: auto`, one user turn. Reports the first tool it called, or none with what it said instead.
 * Rejects with the client's ModelClientError when the model cannot be reached.
 */
export async function liveRoute(
  request: string,
  tools: readonly Tool[],
  client: ModelClient,
  model: string,
  signal?: AbortSignal,
): Promise<RouteAnswer> {
  const message = await client.create(
    {
      model,
      max_tokens: 1024,
      system: LIVE_ROUTER_SYSTEM,
      tools: tools.map((tool) => toAnthropicTool(tool)),
      tool_choice: { type: "auto" },
      messages: [{ role: "user", content: request }],
    },
    signal === undefined ? {} : { signal },
  );
  const calls = message.content.filter(isToolUse);
  const [first] = calls;
  if (first) {
    const others = [...new Set(calls.slice(1).map((call) => call.name))].filter(
      (name) => name !== first.name,
    );
    const also = others.length > 0 ? ` (then also ${others.join(", ")})` : "";
    return {
      tool: first.name,
      ambiguous: null,
      reason: `${model} called ${first.name}${also} with tool_choice auto (stop_reason ${message.stop_reason}).`,
    };
  }
  const text = message.content
    .flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : []))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  const said = text === "" ? "" : `: "${text.length > 160 ? `${text.slice(0, 159)}…` : text}"`;
  return {
    tool: null,
    ambiguous: null,
    reason: `${model} called no tool with tool_choice auto (stop_reason ${message.stop_reason})${said}.`,
  };
}
