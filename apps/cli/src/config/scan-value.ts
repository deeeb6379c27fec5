import { findSecret } from "@keel/secrets";
import { SECRET_SHAPES } from "@keel/secrets/internal";
import { defaultsOf, literalPart } from "./expand-variables.js";
import { maskSecret } from "./mask-secret.js";
import { DEFAULT_SECRETS } from "./secret-patterns.js";

/** A hard-coded secret found in one field; `masked` is all that may ever be printed of it. */
export interface SecretFinding {
  readonly kind: "secret-shape" | "url-password" | "default-secret" | "literal-secret";
  readonly message: string;
  readonly masked: string;
}

/** Scheme words that may precede a `${VAR}` in an Authorization header without being secret. */
const AUTH_SCHEME = /^(?:bearer|basic|token)$/i;

/**
 * Looks for a hard-coded secret in one raw string value (before expansion: a `${VAR}` is not hard-coded, its
 * `:-default` is). `secretNamed` says the field's name marks it as a credential (env `API_KEY`, header
 * `Authorization`, `--token`), where any literal is a finding. Returns the most specific finding, or undefined.
 */
export function scanValue(raw: string, secretNamed: boolean): SecretFinding | undefined {
  const literal = literalPart(raw);
  const defaults = defaultsOf(raw);
  for (const text of [literal, ...defaults]) {
    const found = findSecret(text);
    if (found !== undefined && found.kind !== "url_password") {
      return {
        kind: "secret-shape",
        masked: maskSecret(found.secret),
        message: `${found.label} hard-coded${text === literal ? "" : " as a ${…:-default}"}`,
      };
    }
  }
  const password = urlPasswordOf(raw);
  if (password !== undefined) {
    return { kind: "url-password", masked: maskSecret(password), message: "password written into a URL" };
  }
  if (!secretNamed) return undefined;
  const words = literal
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "" && !AUTH_SCHEME.test(word));
  const written = words.join(" ");
  if (written !== "") {
    if (DEFAULT_SECRETS.has(written.toLowerCase())) {
      return {
        kind: "default-secret",
        masked: maskSecret(written),
        message: "known default secret in a secret-named field",
      };
    }
    return {
      kind: "literal-secret",
      masked: maskSecret(written),
      message: "literal value in a secret-named field",
    };
  }
  const fallback = defaults.find((text) => text.trim() !== "");
  if (fallback !== undefined) {
    const known = DEFAULT_SECRETS.has(fallback.trim().toLowerCase());
    return {
      kind: known ? "default-secret" : "literal-secret",
      masked: maskSecret(fallback.trim()),
      message: known
        ? "known default secret as the ${…:-default} of a secret-named field"
        : "hard-coded fallback secret as the ${…:-default} of a secret-named field",
    };
  }
  return undefined;
}

/** A password written into a URL (`scheme://user:password@host`), unless it is a `${VAR}` reference. */
function urlPasswordOf(text: string): string | undefined {
  for (const shape of SECRET_SHAPES) {
    if (shape.kind !== "url_password") continue;
    for (const { secret } of shape.find(text)) return secret;
  }
  return undefined;
}
