import { registerRequestJson } from "../clients/request-json.js";
import type { MessageCreateRequest, MessageParam, TextBlock, ToolDefinitionParam } from "../wire.js";
import {
  countBreakpoints,
  MAX_BREAKPOINTS,
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
 * (system, tools, their breakpoint, their JSON) is computed once. Each message is serialised once, when it
 * first precedes the newest turn; the newest turn, which carries the moving cache breakpoint, is serialised
 * as sent. A round costs a shallow copy of the message list, a copy of the newest message (with caching)
 * and the JSON of the new messages only: the request's JSON is these pieces joined, and its size their sum,
 * so both are exact by construction. Stored messages are never mutated.
 */
export class Conversation {
  readonly messages: MessageParam[] = [];
  private readonly prefix: Omit<MessageCreateRequest, "messages" | "tool_choice">;
  private readonly head: string;
  private readonly finalHead: string;
  private readonly headBytes: number;
  private readonly finalHeadBytes: number;
  private readonly markNewestTurn: boolean;
  /** JSON of messages[0, serialized), comma-separated; grows by concatenation (never re-serialised). */
  private historyJson = "";
  private historyBytes = 0;
  private serialized = 0;

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
    this.headBytes = Buffer.byteLength(this.head);
    this.finalHeadBytes = Buffer.byteLength(this.finalHead);
    for (const message of initialMessages) this.messages.push(message);
  }

  /** Appends one message as is (kept by reference, verbatim). */
  append(message: MessageParam): void {
    this.messages.push(message);
  }

  /**
   * The next request and its exact UTF-8 JSON size. `final` adds `tool_choice: none` (tools stay: same cache
   * prefix). The request is frozen and carries its JSON for clients that send JSON (see request-json.ts).
   */
  build(final: boolean): { readonly request: MessageCreateRequest; readonly bytes: number } {
    const messages = this.messages.slice();
    const lastIndex = messages.length - 1;
    while (this.serialized < lastIndex) this.serialize(messages[this.serialized]!);
    let newest = messages[lastIndex]!;
    if (this.markNewestTurn) {
      const marked = withNewestTurnBreakpoint(newest);
      if (marked !== undefined) {
        newest = marked;
        messages[lastIndex] = newest;
      }
    }
    const newestJson = JSON.stringify(newest);
    const separator = lastIndex === 0 ? "" : ",";
    const request: MessageCreateRequest = final
      ? { ...this.prefix, ...this.finalChoice(), messages }
      : { ...this.prefix, messages };
    registerRequestJson(
      request,
      `${final ? this.finalHead : this.head}${this.historyJson}${separator}${newestJson}]`,
    );
    const bytes =
      (final ? this.finalHeadBytes : this.headBytes) +
      this.historyBytes +
      separator.length +
      Buffer.byteLength(newestJson) +
      2; // "]}"
    return { request, bytes };
  }

  private serialize(message: MessageParam): void {
    const json = JSON.stringify(message);
    const separator = this.serialized === 0 ? "" : ",";
    this.historyJson += separator + json;
    this.historyBytes += separator.length + Buffer.byteLength(json);
    this.serialized += 1;
  }

  private finalChoice(): Pick<MessageCreateRequest, "tool_choice"> {
    return this.prefix.tools === undefined ? {} : FINAL_CHOICE;
  }
}
