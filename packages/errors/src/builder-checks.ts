import { isPlainObject } from "@keel/wire/internal";
import { KeelConfigError } from "./keel-error.js";

const SCREAMING_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** Codes are what programs switch on, so they must be stable identifiers such as `ORDER_NOT_FOUND`. */
export function checkCode(code: unknown, builder: string): asserts code is string {
  if (typeof code !== "string" || !SCREAMING_SNAKE.test(code)) {
    throw new KeelConfigError(
      "INVALID_OUTCOME_CODE",
      `${builder}: code must be SCREAMING_SNAKE_CASE (e.g. ORDER_NOT_FOUND), got ${JSON.stringify(code)}.`,
    );
  }
}

/** The message is what the model reads to decide what to do next; an empty one tells it nothing. */
export function checkMessage(message: unknown, builder: string): asserts message is string {
  if (typeof message !== "string" || message.trim().length === 0) {
    throw new KeelConfigError("INVALID_OUTCOME_MESSAGE", `${builder}: message must be a non-empty string.`);
  }
}

export function checkRetryAfter(retryAfterMs: unknown, builder: string): void {
  if (retryAfterMs === undefined) return;
  if (typeof retryAfterMs !== "number" || !Number.isFinite(retryAfterMs) || retryAfterMs < 0) {
    throw new KeelConfigError(
      "INVALID_RETRY_AFTER",
      `${builder}: retryAfterMs must be a finite number >= 0, got ${String(retryAfterMs)}.`,
    );
  }
}

export function checkDetails(details: unknown, builder: string): void {
  if (details !== undefined && !isPlainObject(details)) {
    throw new KeelConfigError("INVALID_OUTCOME_DETAILS", `${builder}: details must be a plain JSON object.`);
  }
}
