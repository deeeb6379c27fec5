import type { MessageCreateRequest } from "@keel/wire";

/**
 * Takes snapshots of requests in O(new messages), not O(history): the `messages` array and the
 * top-level fields are copied every time, but each message (and each object-valued field such as
 * `tools` or `system`) is deep-copied once, the first time this object is seen, and that copy is
 * reused afterwards. This relies on the loop's promise that history is append-only: a message
 * mutated in place after it was first sent keeps its first-seen content in later snapshots.
 * Snapshots are deeply frozen, because they share those copies.
 */
export class RequestSnapshots {
  readonly #copies = new WeakMap<object, unknown>();

  take(request: MessageCreateRequest): MessageCreateRequest {
    const snapshot: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(request)) {
      if (value === undefined) continue;
      snapshot[key] =
        key === "messages" ? (value as unknown[]).map((item) => this.#copy(item)) : this.#copy(value);
    }
    return Object.freeze(snapshot) as unknown as MessageCreateRequest;
  }

  #copy(value: unknown): unknown {
    if (typeof value !== "object" || value === null) return value;
    let copy = this.#copies.get(value);
    if (copy === undefined) {
      copy = deepFreeze(structuredClone(value));
      this.#copies.set(value, copy);
    }
    return copy;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
