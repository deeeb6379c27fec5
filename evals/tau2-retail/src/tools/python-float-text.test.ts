import { describe, expect, it } from "vitest";
import { pythonFloatText } from "./python-float-text.js";

describe("pythonFloatText", () => {
  it("writes floats as Python's str does", () => {
    expect(pythonFloatText(4)).toBe("4.0");
    expect(pythonFloatText(99.98)).toBe("99.98");
    expect(pythonFloatText(-0.5)).toBe("-0.5");
    expect(pythonFloatText(0.0001)).toBe("0.0001");
    expect(pythonFloatText(0.00001)).toBe("1e-05");
    expect(pythonFloatText(1234567890123456)).toBe("1234567890123456.0");
    expect(pythonFloatText(1e16)).toBe("1e+16");
    expect(pythonFloatText(1.5e22)).toBe("1.5e+22");
  });
});
