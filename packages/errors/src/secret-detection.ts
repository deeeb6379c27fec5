/**
 * Secret detection, one copy for every package: which property names hold secrets and which shapes of
 * text are secrets. `@keel/hooks` redactSecrets, `@keel/tools` validation answers and `@keel/loop`
 * cassettes and telemetry all decide with these, so they never disagree about what a secret is.
 */

/** The kinds `redactSecretText` finds, as its replacement callback is told. */
export type SecretKind =
  | "anthropic_api_key"
  | "stripe_secret_key"
  | "openai_api_key"
  | "aws_access_key_id"
  | "github_token"
  | "slack_token"
  | "bearer_token"
  | "jwt"
  | "private_key"
  | "url_password";

/** Last words of property names that hold secrets: "password", "auth_token", "clientSecret", "Cookie". */
const SECRET_LAST_WORDS = new Set([
  "password",
  "passwd",
  "pwd",
  "passphrase",
  "passcode",
  "secret",
  "token",
  "credential",
  "credentials",
  "authorization",
  "auth",
  "cookie",
  "apikey",
  "privatekey",
  "pin",
  "otp",
  "cvv",
  "cvc",
]);

/** Last two words that hold secrets: "api_key", "x-api-key", "privateKey", "aws_secret_access_key". */
const SECRET_LAST_PAIRS = new Set([
  "api key",
  "private key",
  "secret key",
  "access key",
  "signing key",
  "encryption key",
  "password hash",
  "card number",
]);

/** Last words that only repeat the word before: "password_confirmation" holds the password again. */
const REPEATING_WORDS = new Set(["confirmation", "confirm", "repeat", "again"]);

/** "clientSecret" → ["client", "secret"]; "X-API-Key" → ["x", "api", "key"]; "APIKey" → ["apikey"]. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/**
 * Whether a property name says its value is a secret. Decided on the last word(s), so "token",
 * "refresh_token", "X-API-Key" and "password_confirmation" are secrets while "max_tokens", "token_count",
 * "token_type" and "auth_method" are not.
 */
export function isSecretKey(key: string): boolean {
  const words = wordsOf(key);
  if (words.length > 1 && REPEATING_WORDS.has(words.at(-1) ?? "")) words.pop();
  const last = words.at(-1);
  if (last === undefined) return false;
  return SECRET_LAST_WORDS.has(last) || SECRET_LAST_PAIRS.has(`${words.at(-2)} ${last}`);
}

/**
 * Secret shapes found inside free text. Every pattern starts with a literal and ends in an open-ended
 * run with nothing required after it, so matching stays linear even on hostile multi-megabyte strings.
 */
interface SecretPattern {
  readonly kind: SecretKind;
  readonly pattern: RegExp;
  /** Extra check on a match, to spare look-alikes in prose. */
  readonly accept?: (match: string) => boolean;
}

const hasDigit = (match: string) => /\d/.test(match);

/** A bearer token of 16+ characters, or 8+ that are not all letters: "Bearer instruments." is prose. */
const isBearerToken = (match: string) => {
  const token = match.replace(/^Bearer\s+/i, "").replace(/\.+$/, "");
  return token.length >= 16 || /[^A-Za-z]/.test(token);
};

const SECRET_PATTERNS: readonly SecretPattern[] = [
  { kind: "anthropic_api_key", pattern: /\bsk-ant-[A-Za-z0-9_-]{8,}/g },
  { kind: "stripe_secret_key", pattern: /\b[sr]k_(?:live|test)_[A-Za-z0-9]{10,}/g },
  // OpenAI keys (sk-..., sk-proj-...) always contain digits; "sk-learn-tutorial-..." does not.
  { kind: "openai_api_key", pattern: /\bsk-[A-Za-z0-9_-]{20,}/g, accept: hasDigit },
  { kind: "aws_access_key_id", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g },
  { kind: "slack_token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: "bearer_token", pattern: /\bBearer\s{1,8}[A-Za-z0-9._~+/=-]{8,}/gi, accept: isBearerToken },
];

/** `[REDACTED:<kind>]`, and `[REDACTED]` for a URL's password (its user and host stay around it). */
function defaultReplacement(kind: SecretKind): string {
  return kind === "url_password" ? "[REDACTED]" : `[REDACTED:${kind}]`;
}

/**
 * Replaces every secret inside one string: API keys (Anthropic, OpenAI, AWS, GitHub, Stripe, Slack),
 * bearer tokens, JWTs, PEM private key blocks and the password of a URL. `replace` gives the text for each
 * (`[REDACTED:<kind>]` by default, `[REDACTED]` for a URL password); for a bearer token the secret is the
 * whole "Bearer …". Linear in the length of the text, hostile text included.
 */
export function redactSecretText(
  text: string,
  replace: (kind: SecretKind, secret: string) => string = defaultReplacement,
): string {
  let result = redactJsonWebTokens(redactPrivateKeyBlocks(text, replace), replace);
  for (const { kind, pattern, accept } of SECRET_PATTERNS) {
    result = result.replace(pattern, (match) => (accept && !accept(match) ? match : replace(kind, match)));
  }
  return redactUrlPasswords(result, replace);
}

/** Whether the text holds a secret `redactSecretText` would replace (a key or token shape, a URL password). */
export function containsSecret(text: string): boolean {
  return redactSecretText(text) !== text;
}

type Replace = (kind: SecretKind, secret: string) => string;

/**
 * JSON Web Tokens: a run of base64url-and-dots whose first two segments both start with "eyJ" (the
 * base64url of '{"'). Other base64 JSON, such as pagination cursors, has no second such segment and stays.
 */
function redactJsonWebTokens(text: string, replace: Replace): string {
  if (!text.includes("eyJ")) return text;
  return text.replace(/[A-Za-z0-9_.-]{20,}/g, (run) => {
    const segments = run.split(".");
    const isToken = segments.length >= 2 && segments[0]?.startsWith("eyJ") && segments[1]?.startsWith("eyJ");
    return isToken ? replace("jwt", run) : run;
  });
}

/** "https://user:hunter2@host" → "https://user:[REDACTED]@host"; anchored on "://" so it stays linear. */
function redactUrlPasswords(text: string, replace: Replace): string {
  if (!text.includes("://")) return text;
  return text.replace(
    /:\/\/([^\s/?#@:]{1,256}):([^\s/?#@]{1,256})@/g,
    (_match, user: string, password: string) => `://${user}:${replace("url_password", password)}@`,
  );
}

const BEGIN = "-----BEGIN ";
const END = "-----END ";

/**
 * PEM private key blocks, found with indexOf rather than a lazy regex (which is quadratic when a
 * BEGIN has no END). An unterminated block is redacted to the end of the text.
 */
function redactPrivateKeyBlocks(text: string, replace: Replace): string {
  let output = "";
  let position = 0;
  for (;;) {
    const begin = text.indexOf(BEGIN, position);
    if (begin === -1) break;
    const headerEnd = text.indexOf("-----", begin + BEGIN.length);
    const header = headerEnd === -1 ? "" : text.slice(begin + BEGIN.length, headerEnd);
    if (headerEnd === -1 || header.length > 40 || !header.endsWith("PRIVATE KEY")) {
      output += text.slice(position, begin + BEGIN.length);
      position = begin + BEGIN.length;
      continue;
    }
    const end = text.indexOf(END, headerEnd + 5);
    const footerEnd = end === -1 ? -1 : text.indexOf("-----", end + END.length);
    const blockEnd = footerEnd === -1 ? text.length : footerEnd + 5;
    output += `${text.slice(position, begin)}${replace("private_key", text.slice(begin, blockEnd))}`;
    if (footerEnd === -1) return output;
    position = blockEnd;
  }
  return output + text.slice(position);
}
