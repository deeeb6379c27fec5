import { fromToolResultBlock, type ToolOutcome, unclassifiedError } from "@keel/errors";
import type { MessagesRequest } from "@keel/testkit";
import type { MessageParam, ToolResultBlock, ToolUseBlock } from "@keel/wire";
import type { RequestContentBlock } from "@keel/wire/internal";

/** One tool call of an assistant turn and the outcome its tool_result carried back. */
export interface Exchange {
  readonly name: string;
  readonly input: unknown;
  readonly outcome: ToolOutcome;
}

const blocksOf = (message: MessageParam | undefined): readonly RequestContentBlock[] =>
  message === undefined || typeof message.content === "string" ? [] : message.content;

/**
 * The tool rounds of a request's history, as the model would read them: each assistant turn's
 * tool_use blocks, each paired with the outcome parsed from its tool_result (by id) in the next turn.
 */
export function exchangesOf(request: MessagesRequest): Exchange[][] {
  const rounds: Exchange[][] = [];
  request.messages.forEach((message, index) => {
    if (message.role !== "assistant") return;
    const uses = blocksOf(message).filter((block): block is ToolUseBlock => block.type === "tool_use");
    if (uses.length === 0) return;
    const results = blocksOf(request.messages[index + 1]).filter(
      (block): block is ToolResultBlock => block.type === "tool_result",
    );
    rounds.push(
      uses.map((use) => {
        const result = results.find((block) => block.tool_use_id === use.id);
        const outcome = result
          ? fromToolResultBlock(result).outcome
          : unclassifiedError("NO_TOOL_RESULT", `No tool_result answered ${String(use.id)}.`);
        return { name: String(use.name), input: use.input, outcome };
      }),
    );
  });
  return rounds;
}

/** The text of the first user turn (a string, or its text blocks joined). */
export function firstUserText(request: MessagesRequest): string {
  const first = request.messages[0];
  if (first === undefined) return "";
  if (typeof first.content === "string") return first.content;
  return first.content
    .flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : []))
    .join("\n");
}

/** The soak's conversation number, from the `(chat N)` the prompt starts with; undefined for other requests. */
export function conversationOf(request: MessagesRequest): number | undefined {
  const match = /^\(chat (\d+)\)/.exec(firstUserText(request));
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Model turns already in the history: the request's position within its run (0 for the first request). */
export function turnOf(request: MessagesRequest): number {
  return request.messages.filter((message) => message.role === "assistant").length;
}
