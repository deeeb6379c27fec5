import { createHmac } from "node:crypto";

/**
 * Thinking signatures the fake issues. The real API signs every thinking block it returns and rejects a
 * history whose thinking block no longer matches its signature ("thinking blocks … must be passed back
 * unmodified", extended-thinking guide). The fake signs the thinking blocks it serves with a fixed key, so a
 * test can tell a block passed back byte-for-byte from one that was altered. Signatures it did not issue
 * (hand-written histories in tests) are not checked.
 */
const PREFIX = "keel-fake-sig:";
const KEY = "keel-testkit-thinking";

export function signThinking(thinking: string): string {
  return `${PREFIX}${createHmac("sha256", KEY).update(thinking).digest("base64url")}`;
}

/** Whether a thinking block's signature is one this fake issued for different text. */
export function alteredThinking(thinking: unknown, signature: unknown): boolean {
  if (typeof signature !== "string" || !signature.startsWith(PREFIX)) return false;
  return typeof thinking !== "string" || signThinking(thinking) !== signature;
}

/** The message with every thinking block signed as the real API would. */
export function withSignedThinking<M extends { readonly content: readonly unknown[] }>(message: M): M {
  let signed = false;
  const content = message.content.map((block) => {
    const record = block as { type?: unknown; thinking?: unknown };
    if (record.type !== "thinking" || typeof record.thinking !== "string") return block;
    signed = true;
    return { ...record, signature: signThinking(record.thinking) };
  });
  return signed ? { ...message, content } : message;
}
