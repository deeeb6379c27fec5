import { isPlainObject } from "@keel/wire/internal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { outcomeArbitrary } from "./arbitraries.test-helpers.js";
import { fromMcpResult, toMcpResult } from "./mcp-result.js";
import { fromToolResultBlock, toToolResultBlock } from "./tool-result-block.js";

const throughJsonText = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));
const toolUseIdArbitrary = fc.stringMatching(/^toolu_[A-Za-z0-9]{1,24}$/);

describe("round trips (property)", () => {
  it("reads every outcome back exactly from its MCP result", () => {
    fc.assert(
      fc.property(outcomeArbitrary, (outcome) => {
        expect(fromMcpResult(toMcpResult(outcome))).toStrictEqual(outcome);
      }),
    );
  });

  it("reads every outcome back exactly from its MCP result after JSON text", () => {
    fc.assert(
      fc.property(outcomeArbitrary, (outcome) => {
        expect(fromMcpResult(throughJsonText(toMcpResult(outcome)))).toStrictEqual(outcome);
      }),
    );
  });

  it("reads every outcome back exactly from its tool_result block", () => {
    fc.assert(
      fc.property(toolUseIdArbitrary, outcomeArbitrary, (toolUseId, outcome) => {
        expect(fromToolResultBlock(toToolResultBlock(toolUseId, outcome))).toStrictEqual({
          toolUseId,
          outcome,
        });
      }),
    );
  });

  it("reads every outcome back exactly from its tool_result block after JSON text", () => {
    fc.assert(
      fc.property(toolUseIdArbitrary, outcomeArbitrary, (toolUseId, outcome) => {
        const block = throughJsonText(toToolResultBlock(toolUseId, outcome)) as Parameters<
          typeof fromToolResultBlock
        >[0];
        expect(fromToolResultBlock(block)).toStrictEqual({ toolUseId, outcome });
      }),
    );
  });

  it("flags exactly the errors with is_error and isError", () => {
    fc.assert(
      fc.property(outcomeArbitrary, (outcome) => {
        expect(toToolResultBlock("toolu_1", outcome).is_error === true).toBe(outcome.isError);
        expect(toMcpResult(outcome).isError).toBe(outcome.isError);
      }),
    );
  });

  it("sets structuredContent only on non-errors whose data is a plain object", () => {
    fc.assert(
      fc.property(outcomeArbitrary, (outcome) => {
        const { structuredContent } = toMcpResult(outcome);
        const expected = outcome.kind !== "error" && isPlainObject(outcome.data);
        expect(structuredContent !== undefined).toBe(expected);
        if (structuredContent !== undefined) expect(isPlainObject(structuredContent)).toBe(true);
      }),
    );
  });

  it("puts the code of every error and empty into the text a model reads", () => {
    fc.assert(
      fc.property(outcomeArbitrary, (outcome) => {
        if (outcome.kind === "success") return;
        expect(toMcpResult(outcome).content[0]?.text).toContain(outcome.code);
        expect(toToolResultBlock("toolu_1", outcome).content).toContain(outcome.code);
      }),
    );
  });
});
