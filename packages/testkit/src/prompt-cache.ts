import { createHash } from "node:crypto";
import type { MessagesRequest } from "./wire.js";

/** Token estimate used everywhere in the fake: one token per 4 bytes, at least 1. */
export function estimateTokens(byteLength: number): number {
  return Math.max(1, Math.ceil(byteLength / 4));
}

export interface InputUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

interface Boundary {
  key: string;
  bytes: number;
  isBreakpoint: boolean;
}

/**
 * A deterministic model of prompt caching. The prompt is read in the API's order (tools, system, messages),
 * one segment per tool, system block and content block. A prefix is cached once a request placed a
 * `cache_control` breakpoint exactly there. A request reads the longest cached prefix that ends at or before
 * its last breakpoint and writes the rest up to that breakpoint; everything after it is plain input.
 * Unlike the real API there is no 20-block lookback limit, no minimum cacheable length and no expiry.
 */
export class PromptCache {
  readonly #cachedPrefixes = new Set<string>();

  /** Splits the request's input tokens (from the body size) into uncached, cache-write and cache-read parts. */
  account(request: MessagesRequest, bodyBytes: number, cacheBreakpoints: number): InputUsage {
    const total = estimateTokens(bodyBytes);
    if (cacheBreakpoints === 0) {
      return { input_tokens: total, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    }
    const boundaries = prefixBoundaries(request, cacheBreakpoints);
    let readBytes = 0;
    let lastBreakpointBytes = 0;
    for (const boundary of boundaries) {
      if (this.#cachedPrefixes.has(boundary.key)) readBytes = boundary.bytes;
      if (boundary.isBreakpoint) lastBreakpointBytes = boundary.bytes;
    }
    for (const boundary of boundaries) if (boundary.isBreakpoint) this.#cachedPrefixes.add(boundary.key);
    const read = readBytes === 0 ? 0 : estimateTokens(readBytes);
    const creation = lastBreakpointBytes > readBytes ? estimateTokens(lastBreakpointBytes) - read : 0;
    return {
      input_tokens: Math.max(0, total - read - creation),
      cache_creation_input_tokens: creation,
      cache_read_input_tokens: read,
    };
  }
}

/** Every segment boundary up to the last breakpoint, with a key identifying the whole prefix before it. */
function prefixBoundaries(request: MessagesRequest, cacheBreakpoints: number): Boundary[] {
  const hash = createHash("sha1").update(request.model);
  const boundaries: Boundary[] = [];
  let bytes = 0;
  let breakpointsSeen = 0;
  for (const segment of segments(request)) {
    if (typeof segment === "string") {
      hash.update(segment);
      continue;
    }
    const text = JSON.stringify(segment.value);
    hash.update(text);
    bytes += Buffer.byteLength(text);
    boundaries.push({ key: hash.copy().digest("base64"), bytes, isBreakpoint: segment.breakpoints > 0 });
    breakpointsSeen += segment.breakpoints;
    // Nothing after the last breakpoint can be read from or written to the cache.
    if (breakpointsSeen >= cacheBreakpoints) break;
  }
  return boundaries;
}

/** The prompt in cache order; strings only separate sections so equal blocks in different places differ. */
function* segments(request: MessagesRequest): Generator<string | { value: unknown; breakpoints: number }> {
  for (const tool of request.tools ?? []) yield { value: tool, breakpoints: tool.cache_control === undefined ? 0 : 1 };
  yield "\u0000system";
  if (typeof request.system === "string") yield { value: request.system, breakpoints: 0 };
  else for (const block of request.system ?? []) yield { value: block, breakpoints: block.cache_control === undefined ? 0 : 1 };
  for (const message of request.messages) {
    yield `\u0000${message.role}`;
    if (typeof message.content === "string") yield { value: message.content, breakpoints: 0 };
    else for (const block of message.content) yield { value: block, breakpoints: countBreakpoints(block) };
  }
}

function countBreakpoints(block: Record<string, unknown>): number {
  let count = block.cache_control === undefined ? 0 : 1;
  if (block.type === "tool_result" && Array.isArray(block.content)) {
    for (const inner of block.content) if (inner?.cache_control !== undefined) count++;
  }
  return count;
}
