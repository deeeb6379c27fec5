import { REDACTED, redactJsonSecrets, redactSecretText, type SecretKind } from "@keel/secrets";

/** What a redacted secret is replaced with (one marker for Keel); deterministic so replayed requests compare equal. */
export { REDACTED };

/**
 * Credential headers and options, dropped wherever they appear. Narrower than `isSecretKey` on purpose:
 * a request's tool schemas and a reply's tool_use input may have a `password` or `token` field, and
 * dropping those would change what a cassette replays.
 */
const SECRET_KEYS = new Set([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
  "apikey",
  "api_key",
  "cookie",
  "set-cookie",
]);

/** `[REDACTED]` for every secret; a bearer token keeps its "Bearer" so a header still reads as one. */
function replacement(kind: SecretKind, secret: string): string {
  return kind === "bearer_token" ? `${secret.slice(0, "Bearer".length)} ${REDACTED}` : REDACTED;
}

/**
 * Replaces the secrets `@keel/secrets` `redactSecretText` finds (API keys, bearer tokens, JWTs, PEM
 * private keys, URL passwords) and the given literal secrets in a string. Returns an equal string when
 * nothing matched.
 */
export function redactString(text: string, literals: readonly string[] = []): string {
  let result = redactSecretText(text, replacement);
  for (const literal of literals) {
    if (literal.length >= 8 && result.includes(literal)) result = result.replaceAll(literal, REDACTED);
  }
  return result;
}

/**
 * A redacted copy of a JSON value: secret-shaped strings are replaced and credential keys
 * (`authorization`, `x-api-key`, `cookie`, ...) are dropped, at any depth.
 */
export function redactSecrets<T>(value: T, literals: readonly string[] = []): T {
  return redactJsonSecrets(value, {
    secretKeys: "drop",
    isSecretKey: (key) => SECRET_KEYS.has(key.toLowerCase()),
    redactText: (text) => redactString(text, literals),
  });
}

/** The secrets a recording must never contain even when they match no pattern. */
export function environmentSecrets(): string[] {
  const key = process.env.ANTHROPIC_API_KEY;
  return key ? [key] : [];
}
