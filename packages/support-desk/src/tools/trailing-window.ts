import type { FeeWindow } from "../backend/types.js";

/**
 * The `months` months ending on `asOf` (YYYY-MM-DD): fees after `from` and up to `to`, both inclusive of
 * the day's end. The start day is clamped to the month's length (1 month before 2026-03-31 is 2026-02-28).
 */
export function trailingWindow(asOf: string, months: number): FeeWindow {
  const [year, month, day] = asOf.split("-").map(Number) as [number, number, number];
  const totalMonths = year * 12 + (month - 1) - months;
  const startYear = Math.floor(totalMonths / 12);
  const startMonth = totalMonths - startYear * 12;
  const from = utcDate(
    startYear,
    startMonth,
    Math.min(day, utcDate(startYear, startMonth + 1, 0).getUTCDate()),
  );
  return { from: from.toISOString().slice(0, 10), to: asOf };
}

/** Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not. */
function utcDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}
