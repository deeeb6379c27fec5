import { describe, expect, it } from "vitest";
import { lintTools } from "../lint/lint-tools.js";
import { route } from "../route/route.js";
import { callTool } from "../toolset/toolset.test-helpers.js";
import { calculatorTool } from "./calculator-tool.js";

describe("calculatorTool", () => {
  it("is a read tool named calculator taking one expression string", () => {
    expect(calculatorTool.name).toBe("calculator");
    expect(calculatorTool.effect).toBe("read");
    expect(calculatorTool.inputJsonSchema).toMatchObject({ type: "object", required: ["expression"] });
  });

  it("evaluates through the toolset", async () => {
    expect(await callTool(calculatorTool, { expression: "17 * 23" })).toEqual({
      kind: "success",
      isError: false,
      data: 391,
    });
  });

  it("returns a validation outcome, not an exception, for code smuggled in as an expression", async () => {
    const expression = "process.mainModule.require('child_process').execSync('rm -rf /')";
    expect(await callTool(calculatorTool, { expression })).toMatchObject({
      kind: "error",
      category: "validation",
      code: "UNSUPPORTED_EXPRESSION",
    });
  });

  it("has a description the linter finds no errors in", () => {
    expect(lintTools([calculatorTool]).filter((finding) => finding.severity === "error")).toEqual([]);
  });

  it("is where the router sends a request to calculate", () => {
    expect(route("calculate 15% of 240", [calculatorTool]).tool).toBe("calculator");
  });
});

describe("the calculator's source", () => {
  it("never calls eval or the Function constructor", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const directory = new URL(".", import.meta.url);
    const sources = (await readdir(directory)).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
    );
    expect(sources.length).toBeGreaterThan(3);
    for (const file of sources) {
      const text = await readFile(new URL(file, directory), "utf8");
      expect(text, file).not.toMatch(/\beval\s*\(|\bFunction\s*\(|new\s+Function\b|\bvm\./);
    }
  });
});
