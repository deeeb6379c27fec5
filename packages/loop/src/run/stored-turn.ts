import type { ContentBlock } from "@keel/wire";

/**
 * The assistant reply as it enters the history, so that the history is always a valid request to continue
 * from. Two kinds of block are left out; everything else — thinking blocks and their signatures, server
 * tool blocks, text — is kept verbatim and in order:
 * - an empty text block (Claude sometimes returns `{"type":"text","text":""}` beside a `tool_use`; the API
 *   rejects it when the turn is sent back: "text content blocks must be non-empty");
 * - a `tool_use` block that will not run (the stop reason is not `tool_use`, e.g. `end_turn` or a
 *   `max_tokens` cut-off whose input may be partial JSON, or the forced final request): left in, its id
 *   would need a `tool_result` the loop never sends.
 * Returns the kept blocks, or the reply's own array when nothing is left out; empty when nothing is left.
 */
export function storedTurn(content: readonly ContentBlock[], toolsRun: boolean): readonly ContentBlock[] {
  const kept = content.filter(
    (block) => !(block.type === "text" && block.text === "") && (toolsRun || block.type !== "tool_use"),
  );
  return kept.length === content.length ? content : kept;
}
