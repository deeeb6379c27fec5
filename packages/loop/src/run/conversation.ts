import type {
  MessageCreateRequest,
  MessageParam,
  ServerToolDefinition,
  TextBlock,
  ToolDefinitionParam,
} from "@keel/errors";
import {
  BREAKPOINT_BYTES,
  countBreakpoints,
  MAX_BREAKPOINTS,
  WRAP_BYTES,
  withNewestTurnBreakpoint,
  withPrefixBreakpoint,
} from "./cache-control.js";
import type { RequestFields } from "./request-parameters.js";

const FINAL_CHOICE = { tool_choice: { type: "none" } } as const;

/** UTF-8 size of `JSON.stringify({ ...fields, messages: [] })`. */
const emptyRequestBytes = (fields: object): number =>
  Buffer.byteLength(JSON.stringify({ ...fields, messages: [] }));

export interface ConversationSettings {
  readonly model: string;
  readonly maxTokens: number;
  readonly system: string | readonly TextBlock[] | undefined;
  readonly tools: readonly (ToolDefinitionParam | ServerToolDefinition)[];
  readonly initialMessages: readonly MessageParam[];
  readonly cache: boolean;
  /** Request parameters sent on every request (thinking, temperature, tool choice, ...). */
  readonly parameters?: RequestFields;
}

/**
 * The append-only history and the requests built from it. Everything that does not change between rounds
 * (system, tools, their breakpoint, their size) is computed once, and each message is measured once, when
 * appended. A round costs a shallow copy of the message list and, with caching, a copy of the newest message.
 * A request's size is the sum of those pieces (plus what the newest turn's breakpoint adds), exact by
 * construction without re-serialising the history. Requests are plain objects; stored messages are never
 * mutated.
 */
export class Conversation {
  readonly messages: MessageParam[] = [];
  private prefix!: Omit<MessageCreateRequest, "messages" | "tool_choice">;
  private headBytes!: number;
  private finalHeadBytes!: number;
  private markNewestTurn!: boolean;
  private settings: ConversationSettings;
  /** The code-execution container of the latest response that named one; sent with every later request. */
  container: string | undefined;
  /** UTF-8 size of every message's JSON plus the commas between them. */
  private messagesBytes = 0;

  constructor(settings: ConversationSettings) {
    this.settings = settings;
    this.setPrefix(settings);
    for (const message of settings.initialMessages) this.append(message);
  }

  /**
   * Sends other tools from the next request on (the history stays as it is). The prompt-cache prefix
   * changes with them, so the next request writes the cache again.
   */
  setTools(tools: ConversationSettings["tools"]): void {
    this.settings = { ...this.settings, tools };
    this.setPrefix(this.settings);
  }

  private setPrefix(settings: ConversationSettings): void {
    const { system, tools, initialMessages } = settings;
    const budget = settings.cache ? MAX_BREAKPOINTS - countBreakpoints(system, tools, initialMessages) : 0;
    // With a single breakpoint left, the newest turn wins: it caches the prefix too.
    this.markNewestTurn = budget >= 1;
    const marked = budget >= 2 ? withPrefixBreakpoint(system, tools) : { system, tools };
    this.prefix = {
      ...settings.parameters,
      model: settings.model,
      max_tokens: settings.maxTokens,
      ...(marked.system === undefined ? {} : { system: marked.system as string | TextBlock[] }),
      ...(marked.tools.length === 0
        ? {}
        : { tools: marked.tools as (ToolDefinitionParam | ServerToolDefinition)[] }),
    };
    this.headBytes = emptyRequestBytes(this.prefix);
    this.finalHeadBytes =
      this.prefix.tools === undefined
        ? this.headBytes
        : emptyRequestBytes({ ...this.prefix, ...FINAL_CHOICE });
  }

  /** Appends one message as is (kept by reference, verbatim). */
  append(message: MessageParam): void {
    const json = JSON.stringify(message);
    this.messagesBytes += Buffer.byteLength(json) + (this.messages.length === 0 ? 0 : 1);
    this.messages.push(message);
  }

  /**
   * The next request and its exact UTF-8 JSON size. `final` adds `tool_choice: none` (tools stay: same cache
   * prefix).
   */
  build(final: boolean): { readonly request: MessageCreateRequest; readonly bytes: number } {
    const messages = this.messages.slice();
    const lastIndex = messages.length - 1;
    let bytes = (final ? this.finalHeadBytes : this.headBytes) + this.messagesBytes;
    if (this.markNewestTurn) {
      const newest = withNewestTurnBreakpoint(messages[lastIndex]!);
      if (newest !== undefined) {
        messages[lastIndex] = newest;
        bytes += typeof this.messages[lastIndex]!.content === "string" ? WRAP_BYTES : BREAKPOINT_BYTES;
      }
    }
    const request: MessageCreateRequest = final
      ? { ...this.prefix, ...this.finalChoice(), messages }
      : { ...this.prefix, messages };
    if (this.container !== undefined) {
      request.container = this.container;
      bytes += Buffer.byteLength(`,"container":${JSON.stringify(this.container)}`);
    }
    return { request, bytes };
  }

  private finalChoice(): Pick<MessageCreateRequest, "tool_choice"> {
    return this.prefix.tools === undefined ? {} : FINAL_CHOICE;
  }
}
