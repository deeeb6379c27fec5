import {
  type EmptyOutcome,
  type ErrorCategory,
  type ErrorOutcome,
  type ToolOutcome,
  toolError,
  validEmpty,
} from "@keel/errors";

/**
 * τ²'s tools refuse by raising `ValueError(text)` from wherever the check sits, after whatever they already
 * changed (a cancel that fails half-way keeps the gift-card refunds it made). The port raises a Refusal at the
 * same points, so the database is left exactly as τ²'s is; {@link tau2Handler} turns it into the outcome.
 * Keel's own `ToolError` carries only error outcomes, and "we looked: no such order" is a valid empty one.
 */
export class Refusal extends Error {
  constructor(readonly outcome: EmptyOutcome | ErrorOutcome) {
    super(outcome.message);
  }
}

/** "We looked and it is not there": τ²'s text first, then what the model should do. */
export function notFound(code: string, tau2Text: string, nextStep: string): Refusal {
  return new Refusal(validEmpty(code, `${tau2Text}. ${nextStep}`, { tau2_error: tau2Text }));
}

/** A categorised refusal: τ²'s exact text first (also in `details.tau2_error`), then what to do next. */
export function refused(category: ErrorCategory, code: string, tau2Text: string, nextStep: string): Refusal {
  const message = `${tau2Text.replace(/\.$/, "")}. ${nextStep}`;
  return new Refusal(toolError({ category, code, message, details: { tau2_error: tau2Text } }));
}

/** The refusal of a write on an order whose status the write does not take; `rule` says which status it takes. */
export function wrongOrderStatus(code: string, rule: string) {
  return (orderIdValue: string, status: string, tau2Text: string): Refusal =>
    refused(
      "business",
      code,
      tau2Text,
      `Order ${orderIdValue} is "${status}": ${rule}. Do not retry; tell the user.`,
    );
}

/** Runs a τ²-style handler body: its return value, or the outcome of the Refusal it raised. */
export function tau2Handler<I>(body: (input: I) => ToolOutcome): (input: I) => ToolOutcome {
  return (input) => {
    try {
      return body(input);
    } catch (error) {
      if (error instanceof Refusal) return error.outcome;
      throw error;
    }
  };
}

/** A JSON copy of a record for the model: later writes must not change an answer already given. */
export function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
