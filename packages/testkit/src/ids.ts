import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** An id in the API's style (`msg_01…`, `toolu_01…`): the prefix, "01", then 22 base62 characters. */
export function createId(prefix: "msg" | "toolu"): string {
  const bytes = randomBytes(22);
  let id = `${prefix}_01`;
  for (const byte of bytes) id += ALPHABET[byte % 62];
  return id;
}
