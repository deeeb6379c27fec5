/** Cents to the dollar number the model reads (5000 → 50). */
export const dollars = (cents: number): number => cents / 100;

/** Cents to a display amount ("$50.00"). */
export const formatDollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** A schema-checked dollar amount (at most two decimals) to exact cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);
