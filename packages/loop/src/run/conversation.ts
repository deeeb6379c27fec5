import { registerRequestJson } from "../clients/request-json.js";
import type { MessageCreateRequest, MessageParam, TextBlock, ToolDefinitionParam } from "../wire.js";
import {
  BREAKPOINT_BYTES,
  countBreakpoints,
  MAX_BREAKPOINTS,
  WRAP_BYTES,
  withNewestTurnBreakpoint,
  withPrefixBreakpoint,
} from "./cache-control.js";

const FINAL_CHOICE = { tool_choice: { type: "none" } } as const;

/** `JSON.stringify({ ...fields, messages: [] })` up to and including the `[` that opens the messages. */
const headOf = (fields: object): string => JSON.stringify({ ...fields, messages: [] }).slice(0, -2);

export interface ConversationSettings {
  readonly model: string;
  readonly maxTokens: number;
  readonly system: string | readonly TextBlock[] | undefined;
  readonly tools: readonly ToolDefinitionParam[];
  readonly initialMessages: readonly MessageParam[];
  readonly cache: boolean;
}

/**
 * The append-only history and the requests built from it. Everything that does not change between rounds
 * (system, tools, their breakpoint, their JSON) is computed once, and each message is serialised once, when
 * appended. A round costs a shallow copy of the message list and, with caching, a copy of the newest message.
 * A request's size is the sum of those pieces (plus what the newest turn's breakpoint adds), and its JSON,
 * for clients that send JSON, is those pieces joined: both exact by construction, neither re-serialising the
 * history. Stored messages are never mutated.
 */
export class Conversation {
  readonly messages: MessageParam[] = [];
  private readonly prefix: Omit<MessageCreateRequest, "messages" | "tool_choice">;
  private readonly head: string;
  private readonly finalHead: string;
  private readonly headBytes: number;
  private readonly finalHeadBytes: number;
  private readonly markNewestTurn: boolean;
  /**
   * Each message's JSON (never re-serialised), kept once a client has asked for a request's JSON: a run
   * whose client never sends JSON does not hold a second copy of its history.
   */
  private readonly messageJson: string[] = [];
  private keepJson = false;
  /** UTF-8 size of every message's JSON plus the commas between them. */
  private messagesBytes = 0;

  constructor(settings: ConversationSettings) {
    const { system, tools, initialMessages } = settings;
    const budget = settings.cache ? MAX_BREAKPOINTS - countBreakpoints(system, tools, initialMessages) : 0;
    // With a single breakpoint left, the newest turn wins: it caches the prefix too.
    this.markNewestTurn = budget >= 1;
    const marked = budget >= 2 ? withPrefixBreakpoint(system, tools) : { system, tools };
    this.prefix = {
      model: settings.model,
      max_tokens: settings.maxTokens,
      ...(marked.system === undefined ? {} : { system: marked.system as string | TextBlock[] }),
      ...(marked.tools.length === 0 ? {} : { tools: marked.tools as ToolDefinitionParam[] }),
    };
    this.head = headOf(this.prefix);
    this.finalHead =
      this.prefix.tools === undefined ? this.head : headOf({ ...this.prefix, ...FINAL_CHOICE });
    this.headBytes = Buffer.byteLength(this.head) + 2; // with the closing "]}"
    this.finalHeadBytes = Buffer.byteLength(this.finalHead) + 2;
    for (const message of initialMessages) this.append(message);
  }

  /** Appends one message as is (kept by reference, verbatim). */
  append(message: MessageParam): void {
    const json = JSON.stringify(message);
    this.messagesBytes += Buffer.byteLength(json) + (this.messages.length === 0 ? 0 : 1);
    if (this.keepJson && this.messageJson.length === this.messages.length) this.messageJson.push(json);
    this.messages.push(message);
  }

  /**
   * The next request and its exact UTF-8 JSON size. `final` adds `tool_choice: none` (tools stay: same cache
   * prefix). The request object is frozen and carries its JSON for clients that send JSON (see request-json.ts).
   */
  build(final: boolean): { readonly request: MessageCreateRequest; readonly bytes: number } {
    const messages = this.messages.slice();
    const lastIndex = messages.length - 1;
    let bytes = (final ? this.finalHeadBytes : this.headBytes) + this.messagesBytes;
    let newest: MessageParam | undefined;
    if (this.markNewestTurn) {
      newest = withNewestTurnBreakpoint(messages[lastIndex]!);
      if (newest !== undefined) {
        messages[lastIndex] = newest;
        bytes += typeof this.messages[lastIndex]!.content === "string" ? WRAP_BYTES : BREAKPOINT_BYTES;
      }
    }
    const request: MessageCreateRequest = final
      ? { ...this.prefix, ...this.finalChoice(), messages }
      : { ...this.prefix, messages };
    registerRequestJson(request, () => this.json(messages, final, newest));
    return { request, bytes };
  }

  /**
   * The JSON of a request built from `messages` (without its closing brace), joined from the stored pieces;
   * undefined when a client changed the (unfrozen) array, so the pieces no longer describe it. Only the
   * newest message's marked copy is serialised here.
   */
  private json(messages: readonly MessageParam[], final: boolean, newest: MessageParam | undefined) {
    const lastIndex = messages.length - 1;
    if (lastIndex >= this.messages.length || messages[lastIndex] !== (newest ?? this.messages[lastIndex]))
      return;
    for (let index = 0; index < lastIndex; index += 1) if (messages[index] !== this.messages[index]) return;
    this.keepJson = true;
    for (let index = this.messageJson.length; index <= lastIndex; index += 1)
      this.messageJson.push(JSON.stringify(this.messages[index]));
    const pieces = this.messageJson.slice(0, lastIndex + 1);
    if (newest !== undefined) pieces[lastIndex] = JSON.stringify(newest);
    return `${final ? this.finalHead : this.head}${pieces.join(",")}]`;
  }

  private finalChoice(): Pick<MessageCreateRequest, "tool_choice"> {
    return this.prefix.tools === undefined ? {} : FINAL_CHOICE;
  }
}
