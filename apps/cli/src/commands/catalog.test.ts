import { describe, expect, it } from "vitest";
import { COMMANDS } from "./catalog.js";

describe("the command catalog", () => {
  it.each(COMMANDS.map((entry) => [entry.name, entry] as const))(
    "loads %s as the command it names",
    async (name, entry) => {
      const command = await entry.load();
      expect(command.name).toBe(name);
      expect(entry.summary.length).toBeGreaterThan(10);
    },
  );

  it("names each command once", () => {
    const names = COMMANDS.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
