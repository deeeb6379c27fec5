import { describe, expect, it } from "vitest";
import { colorEnabled, createStyle } from "./style.js";

describe("colorEnabled", () => {
  it("colours a terminal, not a pipe, never with NO_COLOR, always with FORCE_COLOR", () => {
    expect(colorEnabled({ isTTY: true, env: {} })).toBe(true);
    expect(colorEnabled({ isTTY: false, env: {} })).toBe(false);
    expect(colorEnabled({ isTTY: true, env: { NO_COLOR: "1" } })).toBe(false);
    expect(colorEnabled({ isTTY: false, env: { FORCE_COLOR: "1" } })).toBe(true);
  });

  it("paints nothing when off", () => {
    expect(createStyle(false).red("x")).toBe("x");
    expect(createStyle(true).red("x")).toBe("\u001b[31mx\u001b[39m");
  });
});
