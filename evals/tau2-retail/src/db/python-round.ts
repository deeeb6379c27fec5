/**
 * Python's `round(x, 2)` on a float: the exact binary value rounded to two decimals, an exact tie to the even
 * last digit (Python rounds the double, not the decimal it prints: round(2.675, 2) is 2.67, round(0.125, 2)
 * is 0.12), then the nearest double to that decimal. Exact for |x| < 7e13 (ties beyond that are not
 * handled; prices and balances are far below).
 *
 * `toFixed(2)` already rounds the exact binary value (ECMAScript specifies it on the mathematical value); it
 * differs from Python only on exact ties, which it rounds away from zero. A double is an exact tie at two
 * decimals only when it is an odd multiple of 1/8 (x·100 = m + ½ needs x = odd/8), so those are decided here.
 */
export function pythonRound2(value: number): number {
  if (!Number.isFinite(value) || Math.abs(value) >= 2 ** 52) return value; // an integer: nothing to round
  const eighths = value * 8; // exact: scaling by a power of two
  if (Number.isInteger(eighths) && !Number.isInteger(value * 4)) {
    const hundredths = value * 100; // exact: an odd multiple of 12.5 far below 2^53
    const down = Math.floor(hundredths);
    const even = down % 2 === 0 ? down : down + 1;
    return even / 100;
  }
  const rounded = Number(value.toFixed(2));
  return rounded === 0 ? 0 * Math.sign(value) : rounded;
}
