import { isSecretKey } from "./secret-key.js";
import { KEEL_SHAPES, SECRET_SHAPES, type SecretKind, type SecretShape } from "./secret-shapes.js";

/** What replaces a secret in Keel's logs, traces, cassettes and tool results. */
export const REDACTED = "[REDACTED]";

/** The first secret a text holds, in {@link SECRET_SHAPES} order, with what to call it. */
export interface SecretFinding {
  readonly kind: SecretKind;
  /** For people: "GitHub token", "password written into a URL". */
  readonly label: string;
  /** The gitleaks rule id, when a gitleaks rule found it. */
  readonly rule?: string;
  /** The credential itself: never print it, mask it. */
  readonly secret: string;
}

/** The first secret in a text, or undefined: what `keel check-config` reports. */
export function findSecret(text: string): SecretFinding | undefined {
  for (const shape of SECRET_SHAPES) {
    for (const { secret } of shape.find(text)) {
      return {
        kind: shape.kind,
        label: shape.label,
        ...(shape.rule === undefined ? {} : { rule: shape.rule }),
        secret,
      };
    }
  }
  return undefined;
}

/** Whether the text holds a secret: exactly when `redactSecretText` would change it. */
export function containsSecret(text: string): boolean {
  return findSecret(text) !== undefined;
}

/**
 * The same shapes as {@link SECRET_SHAPES}, Keel's first, so a marker keeps its kind (`github_token`) where
 * a gitleaks rule finds the same token.
 */
const REDACTION_ORDER: readonly SecretShape[] = [
  ...KEEL_SHAPES,
  ...SECRET_SHAPES.filter((shape) => !KEEL_SHAPES.includes(shape)),
];

/** `[REDACTED:<kind>]`, and `[REDACTED]` for a URL's password (its user and host stay around it). */
function defaultReplacement(kind: SecretKind): string {
  return kind === "url_password" ? REDACTED : `[REDACTED:${kind}]`;
}

/**
 * Replaces every secret inside one string: what {@link findSecret} finds (gitleaks' rules, Keel's API key
 * and token shapes, bearer tokens, JWTs, PEM private key blocks, the password of a URL). `replace` gives the
 * text for each (`[REDACTED:<kind>]` by default, `[REDACTED]` for a URL password); for a bearer token the
 * replaced text is the whole "Bearer …". Linear in the length of the text, hostile text included.
 */
export function redactSecretText(
  text: string,
  replace: (kind: SecretKind, secret: string) => string = defaultReplacement,
): string {
  let result = text;
  for (const shape of REDACTION_ORDER) {
    let output = "";
    let position = 0;
    for (const { start, end } of shape.find(result)) {
      if (start < position) continue;
      output += result.slice(position, start) + replace(shape.kind, result.slice(start, end));
      position = end;
    }
    if (position > 0) result = output + result.slice(position);
  }
  return result;
}

export interface RedactJsonOptions {
  /** What to do with the value of a secret-named property: replace it with REDACTED (default) or drop it. */
  readonly secretKeys?: "replace" | "drop" | undefined;
  /** Which property names hold secrets; {@link isSecretKey} by default. */
  readonly isSecretKey?: ((key: string) => boolean) | undefined;
  /** How a string is redacted; {@link redactSecretText} by default. */
  readonly redactText?: ((text: string) => string) | undefined;
}

/**
 * A redacted copy of a JSON value, at any depth: the value of a secret-named property becomes REDACTED,
 * whatever its type except null and booleans (or the property is dropped), and every other string is
 * redacted as text.
 */
export function redactJsonSecrets<T>(value: T, options: RedactJsonOptions = {}): T {
  const secretKey = options.isSecretKey ?? isSecretKey;
  const redactText = options.redactText ?? ((text: string) => redactSecretText(text));
  const drop = options.secretKeys === "drop";
  const visit = (item: unknown): unknown => {
    if (typeof item === "string") return redactText(item);
    if (Array.isArray(item)) return item.map(visit);
    if (typeof item !== "object" || item === null) return item;
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(item)) {
      if (!secretKey(key)) copy[key] = visit(inner);
      else if (drop) continue;
      else copy[key] = inner === null || inner === undefined || typeof inner === "boolean" ? inner : REDACTED;
    }
    return copy;
  };
  return visit(value) as T;
}
