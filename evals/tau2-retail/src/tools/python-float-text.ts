/**
 * Python's `str(x)` / `repr(x)` for a float: the shortest digits that round-trip (as JavaScript's), written
 * fixed for a decimal exponent from -4 to 15 with at least one decimal ("4.0"), else as "1e+16" / "1.5e-05".
 */
export function pythonFloatText(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const [mantissa = "", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
    const fraction = digits.slice(exponent + 1) || "0";
    return `${sign}${whole}.${fraction}`;
  }
  const fraction = digits.length > 1 ? `.${digits.slice(1)}` : "";
  const exponentSign = exponent < 0 ? "-" : "+";
  return `${sign}${digits[0]}${fraction}e${exponentSign}${String(Math.abs(exponent)).padStart(2, "0")}`;
}
