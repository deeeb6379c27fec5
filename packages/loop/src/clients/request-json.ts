import type { MessageCreateRequest } from "../wire.js";

/**
 * Requests whose exact JSON the loop already holds, as that JSON without its closing brace. The loop
 * builds each request's JSON from per-message pieces it serialised once, so a client that sends JSON
 * need not re-serialise the whole history every round.
 */
const heads = new WeakMap<MessageCreateRequest, () => string | undefined>();

/**
 * Registers `head` as what gives the exact `JSON.stringify(request)` without its closing brace (kept apart so
 * adding members never copies the string), computed only when a client asks; `head` returns undefined when
 * the messages array no longer holds what it was built from, and the request is then serialised anew. The
 * request object is frozen, so its other members cannot change (they, like the messages, are never mutated
 * by the loop). A copy such as `{ ...request, temperature: 0 }` is not registered: it is serialised anew.
 */
export function registerRequestJson(request: MessageCreateRequest, head: () => string | undefined): void {
  Object.freeze(request);
  heads.set(request, head);
}

/**
 * The JSON body of `request` with `extra` members added at the end (`requestBody(request, { stream: true })`
 * is `JSON.stringify({ ...request, stream: true })` for a request without a `stream` member), from the
 * registered JSON when there is one.
 */
export function requestBody(request: MessageCreateRequest, extra: Readonly<Record<string, unknown>>): string {
  const head = heads.get(request)?.();
  if (head === undefined) return JSON.stringify({ ...request, ...extra });
  let body = head;
  for (const key in extra) {
    const value = JSON.stringify(extra[key]);
    if (value !== undefined) body += `,${JSON.stringify(key)}:${value}`;
  }
  return `${body}}`;
}
