import { isPlainObject } from "@keel/wire/internal";
import { checkCode, checkDetails, checkMessage, checkRetryAfter } from "./builder-checks.js";
import { CATEGORY_DEFAULTS, isErrorCategory } from "./categories.js";
import { KeelConfigError } from "./keel-error.js";
import { contentOf } from "./tool-content.js";
import type {
  EmptyOutcome,
  ErrorCategory,
  ErrorOutcome,
  JsonObject,
  SuccessOutcome,
  ToolContent,
} from "./types.js";

/** Optional fields of an error; `retryable` defaults from the category and can only be switched off. */
export interface ErrorBuilderOptions {
  readonly retryable?: boolean | undefined;
  readonly retryAfterMs?: number | undefined;
  readonly details?: JsonObject | undefined;
}

export interface ToolErrorInput extends ErrorBuilderOptions {
  readonly category: ErrorCategory;
  readonly code: string;
  readonly message: string;
}

/** What a success may carry beside its data. */
export interface SuccessOptions {
  /** Blocks for the model after the data: images, PDFs, text (see ToolContent). */
  readonly content?: readonly ToolContent[] | undefined;
}

/**
 * The tool ran and produced `data`. On the wire, `undefined` data becomes `null`. `content` adds blocks the
 * model sees as blocks (an image, a PDF); throws KeelConfigError for a block the Messages API would refuse.
 */
export function success<T>(data: T, options: SuccessOptions = {}): SuccessOutcome<T> {
  const { content } = options;
  if (content === undefined || (Array.isArray(content) && content.length === 0)) {
    return { kind: "success", isError: false, data };
  }
  if (contentOf(content) === undefined) {
    throw new KeelConfigError(
      "INVALID_CONTENT",
      "success: content must be a list of text blocks (non-empty text), base64 images (jpeg, png, gif, " +
        "webp) or documents (a base64 PDF or plain text).",
    );
  }
  return { kind: "success", isError: false, data, content: Object.freeze([...content]) };
}

/**
 * "We looked and it is not there": a valid answer with a SCREAMING_SNAKE `code`, not a failure.
 * Never use it for an outage; that is a transient error. Throws KeelConfigError on a bad code or message.
 */
export function validEmpty<T = never>(code: string, message: string, data?: T): EmptyOutcome<T> {
  checkCode(code, "validEmpty");
  checkMessage(message, "validEmpty");
  const outcome: EmptyOutcome<T> = { kind: "empty", isError: false, code, message };
  return data === undefined ? outcome : { ...outcome, data };
}

/**
 * Builds an error outcome; `retryable` defaults from CATEGORY_DEFAULTS.
 * Throws KeelConfigError on bad input, including `retryable: true` for a category that is never retryable.
 */
export function toolError(input: ToolErrorInput): ErrorOutcome {
  if (!isPlainObject(input) || !isErrorCategory(input.category)) {
    throw new KeelConfigError(
      "INVALID_ERROR_CATEGORY",
      `toolError: category must be one of transient, validation, business, permission, unclassified.`,
    );
  }
  const { category, code, message, retryAfterMs, details } = input;
  checkCode(code, "toolError");
  checkMessage(message, "toolError");
  checkRetryAfter(retryAfterMs, "toolError");
  checkDetails(details, "toolError");
  const retryable = input.retryable ?? CATEGORY_DEFAULTS[category].retryable;
  if (typeof retryable !== "boolean") {
    throw new KeelConfigError("INVALID_RETRYABLE", "toolError: retryable must be a boolean.");
  }
  if (retryable && !CATEGORY_DEFAULTS[category].retryable) {
    throw new KeelConfigError(
      "RETRYABLE_NOT_ALLOWED",
      `toolError: ${category} errors are never retryable (${code}); retrying cannot change the outcome.`,
    );
  }
  return {
    kind: "error",
    isError: true,
    category,
    code,
    message,
    retryable,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(details === undefined ? {} : { details }),
  };
}

/** The signature of the five category builders (`transientError` … `unclassifiedError`). */
export type CategoryErrorBuilder = (
  code: string,
  message: string,
  options?: ErrorBuilderOptions,
) => ErrorOutcome;

/**
 * `toolError` with the category filled in: the one body behind the five category builders below, each named
 * `<category>Error` (a computed key names the function) so stack traces show which one was called.
 */
function categoryBuilder(category: ErrorCategory): CategoryErrorBuilder {
  const name = `${category}Error`;
  const named = {
    [name]: (code: string, message: string, options: ErrorBuilderOptions = {}) =>
      toolError({ ...options, category, code, message }),
  };
  return named[name] as CategoryErrorBuilder;
}

/** A temporary failure (timeout, 5xx): retryable, the same call may succeed later. */
export const transientError = categoryBuilder("transient");

/** Bad arguments: retryable, but only after the arguments change. Name the field in `details.field`. */
export const validationError = categoryBuilder("validation");

/** A business rule forbids the call: never retryable; escalate or change plan. */
export const businessError = categoryBuilder("business");

/** The caller is not allowed: never retryable; escalate. */
export const permissionError = categoryBuilder("permission");

/** A failure nobody categorised: never retryable; tell the user or escalate. */
export const unclassifiedError = categoryBuilder("unclassified");
