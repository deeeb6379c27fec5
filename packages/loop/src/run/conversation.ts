import type { MessageCreateRequest, MessageParam, TextBlock } from "@keel/wire";
import type { ServerToolDefinition, ToolDefinitionParam } from "@keel/wire/internal";
import {
  BREAKPOINT_BYTES,
  countBreakpoints,
  MAX_BREAKPOINTS,
  markedTurnJson,
  withNewestTurnBreakpoint,
  withPrefixBreakpoint,
} from "./cache-control.js";
import type { ResolvedRunOptions } from "./run-options-schema.js";

const FINAL_CHOICE = { tool_choice: { type: "none" } } as const;
/** How a request's JSON head ends (`messages` is its last key), and what the final request's adds before it. */
const MESSAGES_KEY = '"messages":[';
const FINAL_CHOICE_JSON = `"tool_choice":${JSON.stringify(FINAL_CHOICE.tool_choice)},`;

/** `JSON.stringify({ ...fields, messages: [] })` up to its messages' opening bracket (`messages` is its last key). */
const requestHead = (fields: object): string =>
  JSON.stringify(Object.assign({}, fields, { messages: [] })).slice(0, -2);

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

/** The tool definitions a request carries: the run's tools, then its server tools. */
type RequestTools = readonly (ToolDefinitionParam | ServerToolDefinition)[];

/**
 * The append-only history and the requests built from it. Everything that does not change between rounds
 * (system, tools, their breakpoint, their JSON) is computed once, and each message is serialised once, when
 * appended. A round costs a shallow copy of the message list and, with caching, a copy of the newest message.
 * A request's JSON is those pieces joined (the newest message's JSON with its breakpoint added, or serialised
 * again when its shape needs it: see markedTurnJson), equal to `JSON.stringify(request)` by construction without
 * re-serialising the history; its size is the sum of the pieces' sizes, each measured once. Requests are plain objects; stored messages are never mutated, and a message is taken as it was
 * when appended.
 */
export class Conversation {
  readonly messages: MessageParam[] = [];
  private prefix!: Omit<MessageCreateRequest, "messages" | "tool_choice">;
  /** The request's JSON before its messages, without and with the final request's tool_choice. */
  private head!: string;
  private finalHead!: string;
  private headBytes!: number;
  private finalHeadBytes!: number;
  private markNewestTurn!: boolean;
  /** The code-execution container of the latest response that named one; sent with every later request. */
  container: string | undefined;
  /** The JSON of every message but the newest, each followed by a comma, and its UTF-8 size. */
  private olderJson = "";
  private olderBytes = 0;
  /** The newest message's JSON (as stored, without a breakpoint) and its UTF-8 size. */
  private newestJson = "";
  private newestBytes = 0;

  /**
   * Reads the run's resolved options as they are (no settings object of its own, no copy): the fields every
   * request repeats. The request prefix is computed here, once, and again only when the tools change.
   */
  constructor(
    private readonly options: Pick<
      ResolvedRunOptions,
      "model" | "maxTokens" | "system" | "initialMessages" | "cache" | "request"
    >,
    tools: RequestTools,
  ) {
    this.setTools(tools);
    for (const message of options.initialMessages) this.append(message);
  }

  /**
   * Sends other tools from the next request on (the history stays as it is). The prompt-cache prefix
   * changes with them, so the next request writes the cache again.
   */
  setTools(tools: RequestTools): void {
    const { system, initialMessages, cache } = this.options;
    const budget = cache ? MAX_BREAKPOINTS - countBreakpoints(system, tools, initialMessages) : 0;
    // With a single breakpoint left, the newest turn wins: it caches the prefix too.
    this.markNewestTurn = budget >= 1;
    const marked = budget >= 2 ? withPrefixBreakpoint(system, tools) : { system, tools };
    // `{ ...request, model, max_tokens, system?, tools? }`, the same keys in the same order, without the cost of
    // an object spread followed by more fields (V8 gives such an object a fresh map each time; issue 30). The
    // request fields are the schema's own (no `__proto__` key for `Object.assign` to set as a prototype).
    const prefix: Mutable<Omit<MessageCreateRequest, "messages" | "tool_choice">> = Object.assign(
      {},
      this.options.request,
      { model: this.options.model, max_tokens: this.options.maxTokens },
    );
    if (marked.system !== undefined) prefix.system = marked.system as string | TextBlock[];
    if (marked.tools.length > 0)
      prefix.tools = marked.tools as (ToolDefinitionParam | ServerToolDefinition)[];
    this.prefix = prefix;
    this.head = requestHead(prefix);
    this.headBytes = Buffer.byteLength(this.head);
    if (prefix.tools === undefined) {
      this.finalHead = this.head;
      this.finalHeadBytes = this.headBytes;
    } else if (Object.hasOwn(prefix, "tool_choice")) {
      this.finalHead = requestHead(Object.assign({}, prefix, FINAL_CHOICE));
      this.finalHeadBytes = Buffer.byteLength(this.finalHead);
    } else {
      // `requestHead({ ...prefix, tool_choice })` without serialising the prefix again: the same JSON, the new
      // key (ASCII) last before `messages`.
      this.finalHead = `${this.head.slice(0, -MESSAGES_KEY.length)}${FINAL_CHOICE_JSON}${MESSAGES_KEY}`;
      this.finalHeadBytes = this.headBytes + FINAL_CHOICE_JSON.length;
    }
  }

  /** Appends one message as is (kept by reference, verbatim). */
  append(message: MessageParam): void {
    const json = JSON.stringify(message);
    if (this.messages.length > 0) {
      this.olderJson += `${this.newestJson},`;
      this.olderBytes += this.newestBytes + 1;
    }
    this.newestJson = json;
    this.newestBytes = Buffer.byteLength(json);
    this.messages.push(message);
  }

  /**
   * The next request, its JSON (`JSON.stringify(request)`, built from the pieces) and its exact UTF-8 size.
   * `final` adds `tool_choice: none` (tools stay: same cache prefix).
   */
  build(final: boolean): {
    readonly request: MessageCreateRequest;
    readonly json: string;
    readonly bytes: number;
  } {
    const messages = this.messages.slice();
    const lastIndex = messages.length - 1;
    let newestJson = this.newestJson;
    let newestBytes = this.newestBytes;
    if (this.markNewestTurn) {
      const stored = messages[lastIndex]!;
      const newest = withNewestTurnBreakpoint(stored);
      if (newest !== undefined) {
        messages[lastIndex] = newest;
        const marked = markedTurnJson(stored, newestJson, newest);
        if (marked === undefined) {
          newestJson = JSON.stringify(newest);
          newestBytes = Buffer.byteLength(newestJson);
        } else {
          newestJson = marked;
          newestBytes += BREAKPOINT_BYTES;
        }
      }
    }
    // `{ ...prefix, tool_choice?, messages }` as Object.assign: the prefix's keys are ours (see setTools), and
    // an object spread followed by more fields costs a fresh V8 map per request (issue 30).
    const request: MessageCreateRequest = final
      ? Object.assign({}, this.prefix, this.finalChoice(), { messages })
      : Object.assign({}, this.prefix, { messages });
    let tail = "]}";
    if (this.container !== undefined) {
      request.container = this.container;
      tail = `],"container":${JSON.stringify(this.container)}}`;
    }
    const json = `${final ? this.finalHead : this.head}${this.olderJson}${newestJson}${tail}`;
    const bytes =
      (final ? this.finalHeadBytes : this.headBytes) +
      this.olderBytes +
      newestBytes +
      Buffer.byteLength(tail);
    return { request, json, bytes };
  }

  private finalChoice(): Pick<MessageCreateRequest, "tool_choice"> {
    return this.prefix.tools === undefined ? {} : FINAL_CHOICE;
  }
}
