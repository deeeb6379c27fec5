/**
 * Which property names hold secrets, one rule for every Keel package and app: decided on the LAST word(s)
 * of the name, so `token`, `refresh_token`, `API_KEY`, `X-API-Key` and `password_confirmation` are secrets
 * while `max_tokens`, `token_count`, `TOKEN_COUNT`, `token_type`, `TOKEN_URL` and `KEY_FILE` are not: a name
 * whose last word is not a secret word describes or points at a secret rather than holding one.
 */

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
