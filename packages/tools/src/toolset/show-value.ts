/** The longest string a validation answer repeats back; anything longer is described by its length. */
export const MAX_SHOWN_STRING = 40;

/**
 * Words of a field name whose value is never repeated back (`password`, `api_key`, `authToken`,
 * `client_secret`, ...). Hiding a harmless value costs little; echoing a secret into the model's context
 * (and every transcript after it) cannot be undone.
 */
const SECRET_WORDS = new Set([
  "password",
  "passwd",
  "pwd",
  "passphrase",
  "passcode",
  "secret",
  "token",
  "credential",
  "credentials",
  "auth",
  "authorization",
  "cookie",
  "apikey",
  "privatekey",
  "pin",
  "otp",
  "cvv",
  "cvc",
]);
const SECRET_PAIRS = new Set([
  "api key",
  "private key",
  "secret key",
  "access key",
  "signing key",
  "card number",
]);

/** Secret shapes inside a short string: vendor key prefixes, bearer tokens, JWTs, PEM blocks, URL passwords. */
const SECRET_SHAPE =
  /\b(?:sk|rk|pk)[-_][A-Za-z0-9_-]{8,}|\bgh[pousr]_[A-Za-z0-9]{8,}|github_pat_|\bxox[abposr]-|\b(?:AKIA|ASIA)[0-9A-Z]{8,}|\beyJ[A-Za-z0-9_-]{8,}|\bbearer\s+\S{8,}|-----BEGIN|:\/\/[^\s/@:]+:[^\s/@]+@/i;

/** A run of 20+ token characters mixing letters and digits reads as a key or token, not as words. */
const TOKEN_RUN = /[A-Za-z0-9+/=_-]{20,}/g;

/** "clientSecret" → client, secret; "X-API-Key" → x, api, key; any secret word or pair anywhere counts. */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
  return words.some(
    (word, index) => SECRET_WORDS.has(word) || SECRET_PAIRS.has(`${words[index - 1]} ${word}`),
  );
}

export function looksSecret(text: string): boolean {
  if (SECRET_SHAPE.test(text)) return true;
  for (const run of text.match(TOKEN_RUN) ?? []) {
    if (/[A-Za-z]/.test(run) && /\d/.test(run)) return true;
  }
  return false;
}

/**
 * A value as a validation answer shows it after "got": short strings, numbers and booleans as they are;
 * long strings, arrays and objects by their size; a secret-looking value (by its shape or its field's name)
 * never, only its kind and length. `typed` says "the string "5"" where the type is the problem.
 */
export function showValue(value: unknown, options: { secret?: boolean; typed?: boolean } = {}): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return showString(value, options);
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return options.secret ? "a boolean" : String(value);
  if (typeof value === "bigint") return options.secret ? "a bigint" : cap(`${value}n`);
  if (Array.isArray(value))
    return value.length === 0 ? "an empty array" : `an array of ${count(value.length, "item")}`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid date" : value.toISOString();
  if (value instanceof Map) return `a Map of ${count(value.size, "entry", "entries")}`;
  if (value instanceof Set) return `a Set of ${count(value.size, "item")}`;
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

function showString(value: string, options: { secret?: boolean; typed?: boolean }): string {
  if (value === "") return "an empty string";
  if (value.trim() === "") return `only whitespace (${count(value.length, "character")})`;
  if (options.secret || looksSecret(value))
    return `a string of ${count(value.length, "character")} (not shown)`;
  if (value.length > MAX_SHOWN_STRING) return `a string of ${count(value.length, "character")}`;
  return options.typed ? `the string ${JSON.stringify(value)}` : JSON.stringify(value);
}

/** "1 item", "3 items"; "1 entry", "2 entries". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A text from the input (a key, a path segment) cut to `MAX_SHOWN_STRING` characters. */
export function cap(text: string): string {
  return text.length <= MAX_SHOWN_STRING ? text : `${text.slice(0, MAX_SHOWN_STRING)}…`;
}
