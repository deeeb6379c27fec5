import type { MessageCreateRequest, MessageParam, TextBlock, ToolDefinitionParam } from "../wire.js";
import {
  countBreakpoints,
  MAX_BREAKPOINTS,
  withNewestTurnBreakpoint,
  withPrefixBreakpoint,
} from "./cache-control.js";

const byteLength = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
const FINAL_CHOICE = { tool_choice: { type: "none" } } as const;
/** What `"tool_choice":{"type":"none"},` adds to a request's JSON. */
const FINAL_CHOICE_BYTES = byteLength({ ...FINAL_CHOICE, messages: [] }) - byteLength({ messages: [] });

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
 * (system, tools, their breakpoint, their JSON size) is computed once; a round costs a shallow copy of the
 * message list plus, with caching, a copy of the newest message only. Stored messages are never mutated.
 */
export class Conversation {
  readonly messages: MessageParam[];
  private readonly messageBytes: number[];
  private messageBytesTotal = 0;
  private readonly prefix: Omit<MessageCreateRequest, "messages" | "tool_choice">;
  private readonly prefixBytes: number;
  private readonly finalPrefixBytes: number;
  private readonly markNewestTurn: boolean;

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
    // Size of `{...prefix,"messages":[]}`; the messages' sizes and the commas between them are added per round.
    this.prefixBytes = byteLength({ ...this.prefix, messages: [] });
    this.finalPrefixBytes = this.prefixBytes + (this.prefix.tools === undefined ? 0 : FINAL_CHOICE_BYTES);
    this.messages = [];
    this.messageBytes = [];
    for (const message of initialMessages) this.append(message);
  }

  /** Appends one message as is (kept by reference, verbatim). */
  append(message: MessageParam): void {
    const bytes = byteLength(message);
    this.messages.push(message);
    this.messageBytes.push(bytes);
    this.messageBytesTotal += bytes;
  }

  /** The next request and its exact UTF-8 JSON size. `final` adds `tool_choice: none` (tools stay: same cache prefix). */
  build(final: boolean): { readonly request: MessageCreateRequest; readonly bytes: number } {
    const messages = this.messages.slice();
    const lastIndex = messages.length - 1;
    let bytes = (final ? this.finalPrefixBytes : this.prefixBytes) + this.messageBytesTotal + lastIndex;
    if (this.markNewestTurn) {
      const marked = withNewestTurnBreakpoint(messages[lastIndex]!);
      if (marked !== undefined) {
        messages[lastIndex] = marked.message;
        bytes += marked.addedBytes;
      }
    }
    const request: MessageCreateRequest = { ...this.prefix, ...(final ? this.finalChoice() : {}), messages };
    return { request, bytes };
  }

  private finalChoice(): Pick<MessageCreateRequest, "tool_choice"> {
    return this.prefix.tools === undefined ? {} : FINAL_CHOICE;
  }
}
