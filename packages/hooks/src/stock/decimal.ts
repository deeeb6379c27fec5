/**
 * An exact decimal, so limits are compared on the number that was written, never on a float product
 * (500.01 * 100 is 50000.99999999999). The value is 0.<digits> × 10^exponent; zero has no digits.
 */
export interface Decimal {
  readonly negative: boolean;
  /** Significant digits without leading or trailing zeros; "" for zero. */
  readonly digits: string;
  readonly exponent: number;
}

/** A plain decimal literal: optional sign, digits with an optional point, optional exponent. No hex, no "_". */
const DECIMAL_LITERAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Parses a decimal literal exactly; undefined for anything else ("", ".", "0x2EE", "1_000", "$5"). */
export function parseDecimal(text: string): Decimal | undefined {
  const match = DECIMAL_LITERAL.exec(text);
  if (!match) return undefined;
  const [, sign, whole = "", fraction = "", exponentText = "0"] = match;
  if (whole === "" && fraction === "") return undefined;
  const allDigits = whole + fraction;
  const firstSignificant = allDigits.search(/[1-9]/);
  if (firstSignificant === -1) return { negative: false, digits: "", exponent: 0 };
  return {
    negative: sign === "-",
    digits: allDigits.slice(firstSignificant).replace(/0+$/, ""),
    exponent: whole.length - firstSignificant + Number(exponentText),
  };
}

/** The exact decimal of a finite number, as JavaScript prints it (the shortest round-trip form). */
export function decimalOfNumber(value: number | bigint): Decimal {
  const decimal = parseDecimal(String(value));
  if (!decimal) throw new RangeError("decimalOfNumber needs a finite number");
  return decimal;
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const signA = signOf(a);
  const signB = signOf(b);
  if (signA !== signB) return signA > signB ? 1 : -1;
  const magnitude = compareMagnitudes(a, b);
  return signA === 0 || magnitude === 0 ? 0 : signA * magnitude;
}

function signOf(decimal: Decimal): number {
  if (decimal.digits === "") return 0;
  return decimal.negative ? -1 : 1;
}

function compareMagnitudes(a: Decimal, b: Decimal): number {
  if (a.exponent !== b.exponent) return a.exponent > b.exponent ? 1 : -1;
  // Same exponent, no trailing zeros: the digit strings compare like the numbers ("5" < "50001" < "6").
  if (a.digits === b.digits) return 0;
  return a.digits > b.digits ? 1 : -1;
}
