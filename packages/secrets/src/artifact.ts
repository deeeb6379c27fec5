import { REDACTED, redactJsonSecrets, redactSecretText } from "./redact.js";
import type { SecretKind } from "./secret-shapes.js";

/**
 * Credential headers and options, dropped wherever they appear in an artifact. Narrower than `isSecretKey` on
 * purpose: a request's tool schemas and a reply's tool_use input may have a `password` or `token` field, and
 * dropping those would change what a cassette replays or a trace shows of the conversation.
 */
const CREDENTIAL_KEYS = new Set([
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
function artifactReplacement(kind: SecretKind, secret: string): string {
  return kind === "bearer_token" ? `${secret.slice(0, "Bearer".length)} ${REDACTED}` : REDACTED;
}

/**
 * The one redaction of everything Keel writes down — traces (JSON and HTML), cassettes, spans that capture
 * content, log lines, error messages: every secret shape replaced by `[REDACTED]`, and each of `literals`
 * (secrets known by value, such as the process's API key; 8 characters or more) wherever it appears.
 * Deterministic, so a replayed request still compares equal with its recording.
 */
export function redactArtifactText(text: string, literals: readonly string[] = []): string {
  let result = redactSecretText(text, artifactReplacement);
  for (const literal of literals) {
    if (literal.length >= 8 && result.includes(literal)) result = result.replaceAll(literal, REDACTED);
  }
  return result;
}

/**
 * A redacted copy of a JSON value for an artifact: strings as {@link redactArtifactText} redacts them, and
 * credential properties (`authorization`, `x-api-key`, `cookie`, …) dropped, at any depth.
 */
export function redactArtifact<T>(value: T, literals: readonly string[] = []): T {
  return redactJsonSecrets(value, {
    secretKeys: "drop",
    isSecretKey: (key) => CREDENTIAL_KEYS.has(key.toLowerCase()),
    redactText: (text) => redactArtifactText(text, literals),
  });
}

/** The secrets of this process an artifact must never contain even when they match no shape. */
export function environmentSecrets(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  return [environment.ANTHROPIC_API_KEY, environment.KEEL_APPROVAL_KEY, environment.KEEL_MCP_TOKEN].filter(
    (value): value is string => typeof value === "string" && value.length >= 8,
  );
}
