import type { MessageParam, TextBlock } from "@keel/wire";
import type {
  CacheControl,
  RequestContentBlock,
  ServerToolDefinition,
  ToolDefinitionParam,
} from "@keel/wire/internal";

/** The Messages API accepts at most four cache_control breakpoints per request. */
export const MAX_BREAKPOINTS = 4;
const EPHEMERAL: CacheControl = { type: "ephemeral" };
const hasBreakpoint = (block: unknown): boolean =>
  typeof block === "object" && block !== null && "cache_control" in block && block.cache_control != null;

/**
 * `{ ...block, cache_control: EPHEMERAL }`, without the cost of an object spread followed by a field (V8 gives
 * such an object a fresh map each time; issue 30). A block with an own `__proto__` key, which `Object.assign`
 * would set as the copy's prototype, is copied by the spread.
 */
function withBreakpoint<Block extends object>(block: Block): Block & { cache_control: CacheControl } {
  if (Object.hasOwn(block, "__proto__")) return { ...block, cache_control: EPHEMERAL };
  const marked = Object.assign({}, block) as Block & { cache_control: CacheControl };
  marked.cache_control = EPHEMERAL;
  return marked;
}

/**
 * Breakpoints the caller already placed in the system prompt, the tools and the initial messages — every
 * block that can carry one, including the blocks inside a `tool_result`'s content (the API counts those
 * toward its limit of four too).
 */
export function countBreakpoints(
  system: string | readonly TextBlock[] | undefined,
  tools: readonly (ToolDefinitionParam | ServerToolDefinition)[],
  messages: readonly MessageParam[],
): number {
  let count = 0;
  if (Array.isArray(system)) count += system.filter(hasBreakpoint).length;
  count += tools.filter(hasBreakpoint).length;
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as readonly unknown[]) {
      if (hasBreakpoint(block)) count += 1;
      const inner = (block as { type?: unknown; content?: unknown }).content;
      if ((block as { type?: unknown }).type === "tool_result" && Array.isArray(inner)) {
        count += inner.filter(hasBreakpoint).length;
      }
    }
  }
  return count;
}

/** Thinking blocks and empty text cannot carry cache_control. */
function cacheable(block: RequestContentBlock): boolean {
  if (block.type === "thinking" || block.type === "redacted_thinking") return false;
  return !(block.type === "text" && (block as TextBlock).text === "");
}

/**
 * A copy of `message` with a breakpoint on its last cacheable block; `undefined` when there is nothing to mark or a breakpoint is already there. Only this message and its
 * content array are copied: the stored history is never touched.
 */
export function withNewestTurnBreakpoint(message: MessageParam): MessageParam | undefined {
  const { content } = message;
  if (typeof content === "string") {
    if (content === "") return undefined;
    const block: TextBlock = { type: "text", text: content, cache_control: EPHEMERAL };
    return { role: message.role, content: [block] };
  }
  for (let index = content.length - 1; index >= 0; index -= 1) {
    const block = content[index]!;
    if (hasBreakpoint(block)) return undefined;
    if (!cacheable(block)) continue;
    const marked = content.slice();
    marked[index] = withBreakpoint(block);
    return { role: message.role, content: marked };
  }
  return undefined;
}

/** What a breakpoint adds at the end of a block's JSON. */
const BREAKPOINT_JSON = `,"cache_control":${JSON.stringify(EPHEMERAL)}`;

const hasToJson = (value: object): boolean => typeof (value as { toJSON?: unknown }).toJSON === "function";

/**
 * `JSON.stringify(marked)`, for `marked = withNewestTurnBreakpoint(message)`, from `json` (the message's own
 * JSON) without serialising the turn again, when the breakpoint went on the last block of a `{ role, content }`
 * message (a turn of tool results, an assistant reply): the same text, the breakpoint added at the end of that
 * block, as its copy has it. Undefined in any other case (the caller serialises `marked`). The message's JSON is
 * the one taken when it joined the history, as every older message's is.
 */
export function markedTurnJson(
  message: MessageParam,
  json: string,
  marked: MessageParam,
): string | undefined {
  const { content } = message;
  if (typeof content === "string" || typeof marked.content === "string") return undefined;
  const last = content.length - 1;
  const block = content[last];
  // The breakpoint is on another block, or nothing is there to mark.
  if (block === undefined || marked.content[last] === block) return undefined;
  // A key already there keeps its place in the copy; a toJSON of the message, its content or the block would
  // not apply to the copies `marked` holds.
  if (Object.hasOwn(block, "cache_control") || hasToJson(message) || hasToJson(content) || hasToJson(block)) {
    return undefined;
  }
  // `marked` is `{ role, content }`: the message's own JSON matches it only with these two keys, in this order.
  const keys = Object.keys(message);
  if (keys.length !== 2 || keys[0] !== "role" || keys[1] !== "content" || !json.endsWith("}]}"))
    return undefined;
  return `${json.slice(0, -3)}${BREAKPOINT_JSON}}]}`;
}

/** The UTF-8 size `markedTurnJson` adds to a turn's JSON (ASCII). */
export const BREAKPOINT_BYTES = BREAKPOINT_JSON.length;

/**
 * The tools + system prefix with one breakpoint at its end. The API caches in the order tools → system →
 * messages, so the end is the last system block when there is a system prompt (caching tools and system
 * together), else the last tool. Computed once per run.
 */
export function withPrefixBreakpoint(
  system: string | readonly TextBlock[] | undefined,
  tools: readonly (ToolDefinitionParam | ServerToolDefinition)[],
): {
  system: string | readonly TextBlock[] | undefined;
  tools: readonly (ToolDefinitionParam | ServerToolDefinition)[];
} {
  if (typeof system === "string" && system !== "") {
    return { system: [{ type: "text", text: system, cache_control: EPHEMERAL }], tools };
  }
  const lastBlock = Array.isArray(system) ? system.at(-1) : undefined;
  if (lastBlock !== undefined && lastBlock.text !== "") {
    if (hasBreakpoint(lastBlock)) return { system, tools };
    return { system: [...system!.slice(0, -1), withBreakpoint(lastBlock)], tools };
  }
  const lastTool = tools.at(-1);
  if (lastTool === undefined || hasBreakpoint(lastTool)) return { system, tools };
  return { system, tools: [...tools.slice(0, -1), withBreakpoint(lastTool)] };
}
