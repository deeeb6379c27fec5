import { describe, expect, it } from "vitest";
import { createStyle, useColor } from "./style.js";

describe("useColor", () => {
  it("follows the terminal when no colour variable is set", () => {
    expect(useColor({ isTTY: true }, {})).toBe(true);
    expect(useColor({ isTTY: false }, {})).toBe(false);
    expect(useColor({}, {})).toBe(false);
  });

  it("lets NO_COLOR turn colour off and FORCE_COLOR turn it on", () => {
    expect(useColor({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(useColor({ isTTY: false }, { FORCE_COLOR: "1" })).toBe(true);
    expect(useColor({ isTTY: false }, { FORCE_COLOR: "0" })).toBe(false);
  });
});

describe("createStyle", () => {
  it("leaves text untouched without colour", () => {
    const style = createStyle(false);
    expect(style.bold(style.red("✗ failed"))).toBe("✗ failed");
  });
});
