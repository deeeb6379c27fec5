/** Last words of property names that hold secrets: "password", "auth_token", "clientSecret", "Cookie". */
const SECRET_LAST_WORDS = new Set([
  "password",
  "passwd",
  "pwd",
  "passphrase",
  "secret",
  "token",
  "credential",
  "credentials",
  "authorization",
  "auth",
  "cookie",
  "apikey",
  "privatekey",
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
]);

/** "clientSecret" → ["client", "secret"]; "X-API-Key" → ["x", "api", "key"]; "APIKey" → ["apikey"]. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/**
 * Whether a property name says its value is a secret. Decided on the last word(s), so "token" and
 * "refresh_token" are secrets while "max_tokens", "token_count" and "token_type" are not.
 */
export function isSecretKey(key: string, extraKeys: ReadonlySet<string>): boolean {
  if (extraKeys.has(key.toLowerCase())) return true;
  const words = wordsOf(key);
  const last = words.at(-1);
  if (last === undefined) return false;
  return SECRET_LAST_WORDS.has(last) || SECRET_LAST_PAIRS.has(`${words.at(-2)} ${last}`);
}
