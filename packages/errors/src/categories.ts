import type { ErrorCategory } from "./types.js";

/** Every category, the four of the taxonomy first, then `unclassified`. */
export const ERROR_CATEGORIES = [
  "transient",
  "validation",
  "business",
  "permission",
  "unclassified",
] as const satisfies readonly ErrorCategory[];

/** What a category means and how recovery works; `retryable` is the builders' default. */
export interface CategoryDefaults {
  /** Can recovery by retry succeed? For validation: only after the arguments change. */
  readonly retryable: boolean;
  readonly meaning: string;
  readonly recoveryHint: string;
}

/**
 * The defaults of each category. A builder may switch `retryable` off, never on: business, permission
 * and unclassified errors are never retryable.
 */
export const CATEGORY_DEFAULTS: Readonly<Record<ErrorCategory, CategoryDefaults>> = {
  transient: {
    retryable: true,
    meaning:
      "A temporary failure outside the call (timeout, 5xx, unreachable service); the same call may succeed later.",
    recoveryHint:
      "Retry the same call, after retryAfterMs when given; escalate when attempts run out. Never report the thing as missing.",
  },
  validation: {
    retryable: true,
    meaning: "The arguments are wrong (missing field, wrong type or format, unknown tool).",
    recoveryHint: "Retry only after changing the arguments; a verbatim retry fails the same way.",
  },
  business: {
    retryable: false,
    meaning:
      "The call is well-formed but a business rule forbids it (refund above the limit, account suspended).",
    recoveryHint: "Never retry: the rule must change first. Escalate to a human or change plan.",
  },
  permission: {
    retryable: false,
    meaning: "The caller is not allowed to do this.",
    recoveryHint: "Never retry: escalate to someone who has the permission, or change plan.",
  },
  unclassified: {
    retryable: false,
    meaning:
      "A failure nobody categorised: an unexpected exception in a tool, or a foreign error without Keel metadata.",
    recoveryHint: "Do not retry blindly: tell the user or escalate.",
  },
};

export function isErrorCategory(value: unknown): value is ErrorCategory {
  return typeof value === "string" && (ERROR_CATEGORIES as readonly string[]).includes(value);
}
