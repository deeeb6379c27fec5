import type { ToolOutcome } from "@keel/errors";
import { isSecretKey, REDACTED, redactSecretText } from "@keel/secrets";
import { definePostHook } from "../define-hook.js";
import { HookConfigError } from "../hook-config-error.js";
import type { PostToolHook } from "../types.js";
import { type JsonVisitor, mapJson } from "./map-json.js";
import { withChanges } from "./outcome-data.js";

export interface RedactSecretsOptions {
  /** More property names whose values are secrets (compared case-insensitively). */
  readonly keys?: readonly string[] | undefined;
  /** More patterns to redact inside text; each is used globally. */
  readonly patterns?: readonly RegExp[] | undefined;
}

/**
 * Post hook: redacts secrets in every outcome kind — success and empty data, empty and error
 * messages, error details — deeply. Inside text, what `@keel/secrets` `redactSecretText` finds (the same
 * detector as `keel check-config`): API keys and tokens (gitleaks' rules and Keel's shapes), bearer tokens,
 * JWTs, PEM private keys and passwords in URLs (user kept). Values of properties `isSecretKey` names (password, api_key, client_secret, refresh_token,
 * Authorization, Cookie, …) become "[REDACTED]", whatever their type except null and booleans. Category,
 * code and retryable are never touched. Linear in the size of the data, including on hostile text.
 */
export function redactSecrets(options: RedactSecretsOptions = {}): PostToolHook {
  const extraKeys = new Set((options.keys ?? []).map(checkKey));
  const extraPatterns = (options.patterns ?? []).map(globalCopy);
  const redactString = (text: string) => {
    let result = redactSecretText(text);
    for (const pattern of extraPatterns) result = result.replace(pattern, REDACTED);
    return result;
  };
  const visitor: JsonVisitor = {
    mapString: redactString,
    replaceProperty: (key, value) => {
      if (value === null || value === undefined || typeof value === "boolean") return undefined;
      return extraKeys.has(key.toLowerCase()) || isSecretKey(key) ? { value: REDACTED } : undefined;
    },
  };
  const redact = (value: unknown) => mapJson(value, visitor);
  return definePostHook("redact-secrets", (_call, outcome) => redactOutcome(outcome, redact, redactString));
}

function redactOutcome(
  outcome: ToolOutcome,
  redact: (value: unknown) => unknown,
  redactString: (text: string) => string,
): ToolOutcome {
  switch (outcome.kind) {
    case "success":
      return withChanges(outcome, { data: redact(outcome.data) });
    case "empty":
      return withChanges(outcome, {
        message: redactString(outcome.message),
        ...(outcome.data === undefined ? {} : { data: redact(outcome.data) }),
      });
    case "error":
      return withChanges(outcome, {
        message: redactString(outcome.message),
        ...(outcome.details === undefined ? {} : { details: redact(outcome.details) }),
      });
  }
}

function checkKey(key: unknown): string {
  if (typeof key !== "string" || key === "") {
    throw new HookConfigError(
      "INVALID_HOOK_OPTIONS",
      "redactSecrets: keys must be non-empty property names.",
    );
  }
  return key.toLowerCase();
}

function globalCopy(pattern: unknown): RegExp {
  if (!(pattern instanceof RegExp)) {
    throw new HookConfigError("INVALID_HOOK_OPTIONS", "redactSecrets: patterns must be regular expressions.");
  }
  return new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
}
