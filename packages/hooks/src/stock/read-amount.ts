import { type Decimal, decimalOfNumber, parseDecimal } from "./decimal.js";

/** Longer numeric strings are refused outright: no amount needs them, and parsing stays cheap. */
const MAX_NUMERIC_STRING_LENGTH = 64;

export type AmountReading =
  | { readonly ok: true; readonly decimal: Decimal; readonly value: number }
  | { readonly ok: false; readonly problem: string };

/**
 * Reads a value as a non-negative finite amount, deliberately:
 * numbers and bigints as written; numeric strings ("750", " 750.00 ", "1e3") as the number they spell,
 * because a tool that coerces would act on that number; everything else is a problem to block on —
 * missing, null, NaN, ±Infinity, negative, non-numeric or hex strings ("$750", "0x2EE", ""),
 * booleans, objects and arrays.
 */
export function readAmount(raw: unknown): AmountReading {
  const decimal = toDecimal(raw);
  if (!decimal.ok) return decimal;
  if (decimal.decimal.negative) return { ok: false, problem: "is negative" };
  return decimal;
}

function toDecimal(raw: unknown): AmountReading {
  switch (typeof raw) {
    case "undefined":
      return { ok: false, problem: "is missing" };
    case "number":
      if (Number.isNaN(raw)) return { ok: false, problem: "is NaN, not a number" };
      if (!Number.isFinite(raw)) return { ok: false, problem: "is not a finite number" };
      return { ok: true, decimal: decimalOfNumber(raw), value: raw };
    case "bigint":
      return { ok: true, decimal: decimalOfNumber(raw), value: Number(raw) };
    case "string":
      return fromString(raw);
    case "object":
      return { ok: false, problem: raw === null ? "is null" : "is an object, not a number" };
    default:
      return { ok: false, problem: `is a ${typeof raw}, not a number` };
  }
}

function fromString(raw: string): AmountReading {
  const text = raw.trim();
  if (text.length > MAX_NUMERIC_STRING_LENGTH)
    return { ok: false, problem: "is a string too long to be a number" };
  const decimal = parseDecimal(text);
  const value = Number(text);
  if (!decimal || !Number.isFinite(value))
    return { ok: false, problem: "is a string that is not a plain number" };
  return { ok: true, decimal, value };
}
