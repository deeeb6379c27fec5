import { describe, expect, it } from "vitest";
import { createStyle, useColour } from "./style.js";

describe("useColour", () => {
  it("follows the terminal when no colour variable is set", () => {
    expect(useColour({ isTTY: true }, {})).toBe(true);
    expect(useColour({ isTTY: false }, {})).toBe(false);
    expect(useColour({}, {})).toBe(false);
  });

  it("lets NO_COLOR turn colour off and FORCE_COLOR turn it on", () => {
    expect(useColour({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(useColour({ isTTY: false }, { FORCE_COLOR: "1" })).toBe(true);
    expect(useColour({ isTTY: false }, { FORCE_COLOR: "0" })).toBe(false);
  });
});

describe("createStyle", () => {
  it("leaves text untouched without colour", () => {
    const style = createStyle(false);
    expect(style.bold(style.red("✗ failed"))).toBe("✗ failed");
  });
});
