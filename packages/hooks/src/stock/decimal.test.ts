import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareDecimals, type Decimal, decimalOfNumber, parseDecimal } from "./decimal.js";

const parsed = (text: string): Decimal => {
  const decimal = parseDecimal(text);
  if (!decimal) throw new Error(`not a decimal: ${text}`);
  return decimal;
};

/** `cents` written as a decimal amount in one of several equivalent spellings. */
function spell(cents: bigint, style: number): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, "0");
  const plain = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  const sign = negative ? "-" : "";
  switch (style % 4) {
    case 0:
      return sign + plain;
    case 1:
      return `${sign + plain}000`;
    case 2:
      return `${sign}${(negative ? -cents : cents).toString()}e-2`;
    default:
      return `${sign}0${plain}`;
  }
}

describe("exact decimals", () => {
  it("compares finite numbers exactly like JavaScript does", () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          const expected = a === b ? 0 : a > b ? 1 : -1;
          expect(compareDecimals(decimalOfNumber(a), decimalOfNumber(b))).toBe(expected);
        },
      ),
    );
  });

  it("compares decimal strings like integer cents, whatever the spelling", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.nat(),
        fc.nat(),
        (a, b, styleA, styleB) => {
          const expected = a === b ? 0 : a > b ? 1 : -1;
          expect(compareDecimals(parsed(spell(a, styleA)), parsed(spell(b, styleB)))).toBe(expected);
        },
      ),
    );
  });

  it("sees the difference a float cents conversion would lose", () => {
    // 500.01 * 100 === 50000.99999999999 and 1.005 * 100 === 100.49999999999999.
    expect(compareDecimals(parsed("500.01"), parsed("500"))).toBe(1);
    expect(compareDecimals(decimalOfNumber(1.005), parsed("1.00"))).toBe(1);
    expect(compareDecimals(parsed("500.00000000000000000001"), parsed("500"))).toBe(1);
  });

  it.each(["", ".", "-", "e5", "0x2EE", "1_000", "1,000", "$5", "Infinity", "NaN", "5 USD", "1e", "--1"])(
    "does not read %j as a decimal",
    (text) => {
      expect(parseDecimal(text)).toBeUndefined();
    },
  );

  it("reads every zero as the same zero", () => {
    expect(parsed("-0.000")).toEqual(parsed("0"));
    expect(decimalOfNumber(-0)).toEqual(parsed("0e10"));
  });
});
