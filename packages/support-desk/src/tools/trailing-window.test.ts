import { describe, expect, it } from "vitest";
import { trailingWindow } from "./trailing-window.js";

describe("trailingWindow", () => {
  it.each([
    ["2026-11-22", 12, "2025-11-22"],
    ["2026-03-31", 1, "2026-02-28"],
    ["2024-02-29", 12, "2023-02-28"],
    ["2026-01-15", 1, "2025-12-15"],
    ["0050-06-01", 12, "0049-06-01"],
  ])("ends on %s and starts %i months earlier at %s", (asOf, months, from) => {
    expect(trailingWindow(asOf, months)).toEqual({ from, to: asOf });
  });
});
