import { describe, expect, it } from "vitest";
import { plural } from "./format-steps.js";

describe("plural, the one way the CLI counts things", () => {
  it("uses the singular for exactly one, and groups thousands", () => {
    expect(plural(1, "tool round")).toBe("1 tool round");
    expect(plural(0, "tool round")).toBe("0 tool rounds");
    expect(plural(2, "model request")).toBe("2 model requests");
    expect(plural(1234, "message")).toBe("1,234 messages");
    expect(plural(1, "entry", "entries")).toBe("1 entry");
    expect(plural(3, "entry", "entries")).toBe("3 entries");
  });
});
