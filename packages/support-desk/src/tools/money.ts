import { z } from "zod/v4";

/** Largest amount the schema accepts; business limits (the $500 rule) live in hooks, not here. */
export const MAX_AMOUNT = 100_000;

/** The one rounding rule: a dollar amount to whole cents, half away from zero for positive amounts. */
/** Cents to the dollar number the model reads (5000 → 50). */
export const dollars = (cents: number): number => cents / 100;

/** Cents to a display amount ("$50.00"). */
export const formatDollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

export const toCents = (amount: number): number => Math.round(amount * 100);

/**
 * The one schema of a money amount in US dollars: a JSON number (never a numeric string: no coercion), at
 * least one cent, at most {@link MAX_AMOUNT}, in whole cents. Every accepted amount is a whole number of cents
 * of at least 1 under {@link toCents}, so no amount can pass the check and round to nothing afterwards
 * (5e-324 is "must be at least 0.01"). The type message is for a wrong type only: the bounds keep Keel's
 * wording ("must be at least 0.01, got -5").
 */
export const moneySchema = z
  .number({
    error: (issue) =>
      issue.code !== "invalid_type"
        ? undefined
        : typeof issue.input === "string"
          ? "must be a JSON number such as 49.99, not a string"
          : "must be a JSON number such as 49.99",
  })
  .min(0.01)
  .max(MAX_AMOUNT)
  .multipleOf(0.01, "must be in whole cents (at most two decimals)")
  .describe("Amount in US dollars, e.g. 49.99");
