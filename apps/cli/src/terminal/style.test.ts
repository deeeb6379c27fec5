import { describe, expect, it } from "vitest";
import { colourEnabled, createStyle } from "./style.js";

describe("colourEnabled", () => {
  it("colours a terminal, not a pipe, never with NO_COLOR, always with FORCE_COLOR", () => {
    expect(colourEnabled({ isTTY: true, env: {} })).toBe(true);
    expect(colourEnabled({ isTTY: false, env: {} })).toBe(false);
    expect(colourEnabled({ isTTY: true, env: { NO_COLOR: "1" } })).toBe(false);
    expect(colourEnabled({ isTTY: false, env: { FORCE_COLOR: "1" } })).toBe(true);
  });

  it("paints nothing when off", () => {
    expect(createStyle(false).red("x")).toBe("x");
    expect(createStyle(true).red("x")).toBe("\u001b[31mx\u001b[39m");
  });
});
