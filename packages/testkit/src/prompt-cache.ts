import { createHash } from "node:crypto";
import type { RequestContentBlock } from "@keel/wire/internal";
import type { MessagesRequest } from "./wire.js";

/** Token estimate used everywhere in the fake: one token per 4 bytes, at least 1. */
export function estimateTokens(byteLength: number): number {
  return Math.max(1, Math.ceil(byteLength / 4));
}

/**
 * The bytes `cache_control` markers take in a request body (each `,"cache_control":{…}` pair, the top-level
 * one included). A marker says where to cache, it is not prompt: the API bills the prompt's tokens, never the
 * markers, so the fake counts a request's tokens from its body without them. Two clients that send the same
 * prompt with different markers are billed the same input.
 */
export function cacheMarkerBytes(request: MessagesRequest): number {
  let bytes = markerBytes(request);
  for (const tool of request.tools ?? []) bytes += markerBytes(tool);
  if (typeof request.system !== "string")
    for (const block of request.system ?? []) bytes += markerBytes(block);
  for (const message of request.messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      bytes += markerBytes(block);
      if (block.type === "tool_result" && Array.isArray(block.content))
        for (const inner of block.content) bytes += markerBytes(inner);
    }
  }
  return bytes;
}

function markerBytes(value: unknown): number {
  const marker = (value as { cache_control?: unknown } | null)?.cache_control;
  // `,"cache_control":` is 17 bytes; the value as JSON follows.
  return marker === undefined ? 0 : 17 + Buffer.byteLength(JSON.stringify(marker));
}

export interface InputUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/**
 * A deterministic model of prompt caching. The prompt is read in the API's order (tools, system, messages),
 * one segment per tool, system block and content block. A prefix is cached once a request placed a
 * `cache_control` breakpoint exactly there. A request reads the longest cached prefix that ends at or before
 * its last breakpoint and writes the rest up to that breakpoint; everything after it is plain input.
 * Unlike the real API there is no 20-block lookback limit, no minimum cacheable length and no expiry.
 */
export class PromptCache {
  /** Cached prefix keys by prefix length: only boundaries of a cached length need a digest. */
  readonly #keysByLength = new Map<number, Set<string>>();

  /** Splits the request's input tokens (from the body size) into uncached, cache-write and cache-read parts. */
  account(request: MessagesRequest, bodyBytes: number, blockBreakpoints: number): InputUsage {
    const total = estimateTokens(bodyBytes);
    const cacheBreakpoints = blockBreakpoints + (automaticBreakpoint(request) ? 1 : 0);
    if (cacheBreakpoints === 0) {
      return { input_tokens: total, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    }
    const hash = createHash("sha1").update(request.model);
    const written: Array<{ bytes: number; key: string }> = [];
    // Hashing is deferred until a digest is needed: one native call instead of one per segment.
    let pending = "";
    let bytes = 0;
    let readBytes = 0;
    let breakpointsSeen = 0;
    for (const segment of segments(request)) {
      if (typeof segment === "string") {
        pending += segment;
        continue;
      }
      const text = JSON.stringify(
        segment.breakpoints > 0 ? withoutCacheControl(segment.value) : segment.value,
      );
      pending += text;
      bytes += Buffer.byteLength(text);
      const cachedKeys = this.#keysByLength.get(bytes);
      if (cachedKeys !== undefined || segment.breakpoints > 0) {
        const key = hash.update(pending).copy().digest("base64");
        pending = "";
        if (cachedKeys?.has(key)) readBytes = bytes;
        if (segment.breakpoints > 0) written.push({ bytes, key });
      }
      breakpointsSeen += segment.breakpoints;
      // Nothing after the last breakpoint can be read from or written to the cache.
      if (breakpointsSeen >= cacheBreakpoints) break;
    }
    for (const prefix of written) {
      const keys = this.#keysByLength.get(prefix.bytes) ?? new Set<string>();
      this.#keysByLength.set(prefix.bytes, keys.add(prefix.key));
    }
    const lastBreakpointBytes = written.at(-1)?.bytes ?? 0;
    const read = readBytes === 0 ? 0 : estimateTokens(readBytes);
    const creation = lastBreakpointBytes > readBytes ? estimateTokens(lastBreakpointBytes) - read : 0;
    return {
      input_tokens: Math.max(0, total - read - creation),
      cache_creation_input_tokens: creation,
      cache_read_input_tokens: read,
    };
  }
}

/** The prompt in cache order; strings only separate sections so equal blocks in different places differ. */
function* segments(request: MessagesRequest): Generator<string | { value: unknown; breakpoints: number }> {
  for (const tool of request.tools ?? [])
    yield { value: tool, breakpoints: tool.cache_control === undefined ? 0 : 1 };
  yield "\u0000system";
  if (typeof request.system === "string") yield { value: request.system, breakpoints: 0 };
  else
    for (const block of request.system ?? [])
      yield { value: block, breakpoints: block.cache_control === undefined ? 0 : 1 };
  const messages = request.messages;
  // Top-level cache_control marks the last block of the last message (see automaticBreakpoint).
  const automatic = automaticBreakpoint(request) ? 1 : 0;
  for (const [index, message] of messages.entries()) {
    const last = index === messages.length - 1 ? automatic : 0;
    yield `\u0000${message.role}`;
    if (typeof message.content === "string") {
      yield { value: message.content, breakpoints: last };
      continue;
    }
    for (const [at, block] of message.content.entries()) {
      const marked = at === message.content.length - 1 ? last : 0;
      yield { value: block, breakpoints: countBreakpoints(block) + marked };
    }
  }
}

/**
 * Automatic caching: a top-level `cache_control` "automatically applies a cache_control marker to the last
 * cacheable block in the request" (`MessageCreateParamsBase.cache_control` of @anthropic-ai/sdk). The fake
 * reads the last block as the last content block of the last message, unless it carries its own marker.
 * Not confirmed: whether the automatic marker counts toward the limit of 4 (the fake does not count it).
 */
function automaticBreakpoint(request: MessagesRequest): boolean {
  if (request.cache_control === undefined || request.cache_control === null) return false;
  const last = request.messages.at(-1)?.content;
  if (last === undefined || typeof last === "string") return last !== undefined;
  const block = last.at(-1) as { cache_control?: unknown } | undefined;
  return block !== undefined && block.cache_control === undefined;
}

function countBreakpoints(block: RequestContentBlock): number {
  let count = (block as { cache_control?: unknown }).cache_control === undefined ? 0 : 1;
  if (block.type === "tool_result" && Array.isArray(block.content)) {
    for (const inner of block.content as Array<{ cache_control?: unknown }>)
      if (inner?.cache_control !== undefined) count++;
  }
  return count;
}

/** Where a breakpoint sits is not part of the content: the same blocks hit the cache with or without it. */
function withoutCacheControl(value: unknown): unknown {
  const { cache_control: _, ...rest } = value as Record<string, unknown>;
  if (rest.type === "tool_result" && Array.isArray(rest.content)) {
    rest.content = rest.content.map((inner) =>
      inner?.cache_control === undefined ? inner : withoutCacheControl(inner),
    );
  }
  return rest;
}
