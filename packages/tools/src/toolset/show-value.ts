import { containsSecret } from "@keel/secrets";

/** The longest string a validation answer repeats back; anything longer is described by its length. */
const MAX_SHOWN_STRING = 40;

/**
 * A value as a validation answer shows it after "got": short strings, numbers and booleans as they are;
 * long strings, arrays and objects by their size; a secret (a shape `@keel/errors` `containsSecret` finds,
 * or `secret` for a field `isSecretKey` names) never, only its kind and length. `typed` says "the string
 * "5"" where the type is the problem.
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
  if (options.secret || containsSecret(value))
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
