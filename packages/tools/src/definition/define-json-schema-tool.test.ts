import { success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { ToolDefinitionError } from "../config-errors.js";
import { createToolset } from "../toolset/create-toolset.js";
import { contextFor, validateAndRun } from "../toolset/toolset.test-helpers.js";
import { defineJsonSchemaTool } from "./define-json-schema-tool.js";

const inputSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {
    a: { type: "number", description: "First number" },
    b: { type: "number", description: "Second number" },
    unit: { type: "string", enum: ["cm", "in"] },
  },
  required: ["a", "b"],
  additionalProperties: false,
};

const sum = defineJsonSchemaTool({
  name: "get-sum",
  description: "Adds two numbers.",
  inputSchema,
  effect: "read",
  handler: (input) => {
    const { a, b } = input as { a: number; b: number };
    return success({ sum: a + b });
  },
});

describe("defineJsonSchemaTool", () => {
  it("sends the model the schema it was given (without $schema), frozen", () => {
    expect(sum.inputJsonSchema).toEqual({ ...inputSchema, $schema: undefined });
    expect("$schema" in sum.inputJsonSchema).toBe(false);
    expect(Object.isFrozen(sum.inputJsonSchema.properties)).toBe(true);
    const [sent] = createToolset([sum]).anthropicTools;
    expect(sent !== undefined && "input_schema" in sent && sent.input_schema).toBe(sum.inputJsonSchema);
  });

  it("validates a call against that schema before the handler runs, naming each field", async () => {
    const toolset = createToolset([sum]);
    expect(
      await validateAndRun(toolset, { id: "t1", name: "get-sum", input: { a: 1, b: 2 } }, contextFor()),
    ).toEqual(success({ sum: 3 }));
    const bad = await validateAndRun(
      toolset,
      { id: "t2", name: "get-sum", input: { a: "1", unit: "m" } },
      contextFor(),
    );
    expect(bad).toMatchObject({ kind: "error", category: "validation", code: "INVALID_INPUT" });
    const message = bad.kind === "error" ? bad.message : "";
    expect(message).toContain('- a: must be a number, got the string "1"');
    expect(message).toContain("- b:");
    expect(message).toContain("- unit:");
  });

  it("refuses a schema whose type is not object, as the Anthropic API would", () => {
    expect(() =>
      defineJsonSchemaTool({
        name: "t",
        description: "x",
        inputSchema: { type: "string" },
        effect: "read",
        handler: () => success(1),
      }),
    ).toThrow(ToolDefinitionError);
  });

  it("a schema zod cannot translate is still sent as it is and checked only for being an object", async () => {
    const odd = defineJsonSchemaTool({
      name: "odd",
      description: "x",
      inputSchema: { type: "object", properties: { a: { $ref: "#/definitions/nowhere" } } },
      effect: "write",
      handler: () => success("ran"),
    });
    expect(odd.inputJsonSchema).toEqual({
      type: "object",
      properties: { a: { $ref: "#/definitions/nowhere" } },
    });
    const toolset = createToolset([odd]);
    expect(await validateAndRun(toolset, { id: "t", name: "odd", input: { a: 1 } }, contextFor())).toEqual(
      success("ran"),
    );
    expect(await validateAndRun(toolset, { id: "t", name: "odd", input: [1] }, contextFor())).toMatchObject({
      code: "INVALID_INPUT",
    });
  });
});
