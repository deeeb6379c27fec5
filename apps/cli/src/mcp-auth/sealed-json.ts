import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** Sealed values start with this: the format's version, so a later one can be told apart. */
const PREFIX = "v1";
const INFO = "keel mcp credentials v1";

/** A 32-byte AES key derived (HKDF-SHA256) from a secret of any length ≥ 32 bytes. */
export function credentialCipherKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), INFO, 32));
}

/**
 * Encrypts `value` as JSON with AES-256-GCM: a fresh 12-byte nonce per value, and `label` (the server's
 * name) as additional data, so a sealed row copied under another name does not open.
 */
export function sealJson(value: unknown, key: Buffer, label: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(label, "utf8"));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return [PREFIX, nonce, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The value sealed by sealJson; throws when the key, the label or a single byte differs. */
export function openJson(text: string, key: Buffer, label: string): unknown {
  const [prefix, nonce, tag, sealed] = text.split(".");
  if (prefix !== PREFIX || nonce === undefined || tag === undefined || sealed === undefined)
    throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
  decipher.setAAD(Buffer.from(label, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]);
  return JSON.parse(plain.toString("utf8"));
}
