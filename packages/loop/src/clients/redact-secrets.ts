/** What a redacted secret is replaced with; deterministic so replayed requests compare equal. */
export const REDACTED = "[REDACTED]";

// Anthropic keys first (sk-ant-...), then other sk- keys (with a digit, so prose like
// "sk-learn-style-pipelines" survives), bearer tokens, and a few well-known
// token shapes that end up in tool results (AWS access keys, GitHub and Slack tokens).
const SECRET_PATTERN =
  /\bsk-ant-[A-Za-z0-9_-]{8,}|\bsk-(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}|\bxox[abprs]-[A-Za-z0-9-]{10,}/g;
const BEARER_PATTERN = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/gi;

/** Object keys whose values are credentials wherever they appear (headers, options). */
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

/**
 * Replaces API keys, bearer tokens and the given literal secrets in a string.
 * Returns the same string when nothing matched (the common case costs one regex scan).
 */
export function redactString(text: string, literals: readonly string[] = []): string {
  let result = text.replace(SECRET_PATTERN, REDACTED).replace(BEARER_PATTERN, `$1 ${REDACTED}`);
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
  return redactValue(value, literals) as T;
}

function redactValue(value: unknown, literals: readonly string[]): unknown {
  if (typeof value === "string") return redactString(value, literals);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, literals));
  if (typeof value !== "object" || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEYS.has(key.toLowerCase())) continue;
    copy[key] = redactValue(item, literals);
  }
  return copy;
}

/** The secrets a recording must never contain even when they match no pattern. */
export function environmentSecrets(): string[] {
  const key = process.env.ANTHROPIC_API_KEY;
  return key ? [key] : [];
}
