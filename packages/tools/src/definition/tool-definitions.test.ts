import { success } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "./define-tool.js";
import { toAnthropicTool, toMcpTool } from "./tool-definitions.js";

const base = {
  description: "Does one thing. Use when the user asks for it.",
  input: z.object({ id: z.string() }),
  handler: () => success({ ok: true }),
};
const read = defineTool({ ...base, name: "read_thing", effect: "read" });
const write = defineTool({ ...base, name: "write_thing", effect: "write" });
const idempotentWrite = defineTool({ ...base, name: "put_thing", effect: "write", idempotent: true });

describe("toAnthropicTool", () => {
  it("reuses the schema and description computed at definition time instead of recomputing them", () => {
    expect(toAnthropicTool(read).input_schema).toBe(read.inputJsonSchema);
    expect(toAnthropicTool(read).description).toBe(read.renderedDescription);
  });

  it("gives name, the rendered description and input_schema", () => {
    expect(toAnthropicTool(read)).toEqual({
      name: "read_thing",
      description: "Does one thing. Use when the user asks for it.",
      input_schema: read.inputJsonSchema,
    });
  });
});

describe("toMcpTool", () => {
  it("marks a read tool readOnlyHint true", () => {
    expect(toMcpTool(read).annotations).toEqual({ readOnlyHint: true });
  });

  it("marks a write tool destructive and, by default, not idempotent", () => {
    expect(toMcpTool(write).annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
  });

  it("marks a write tool idempotent only when the spec says so", () => {
    expect(toMcpTool(idempotentWrite).annotations?.idempotentHint).toBe(true);
  });

  it("uses inputSchema and includes an object outputSchema", () => {
    const tool = defineTool({
      ...base,
      name: "typed",
      effect: "read",
      output: z.object({ ok: z.boolean() }),
    });
    const mcp = toMcpTool(tool);
    expect(mcp.inputSchema).toBe(tool.inputJsonSchema);
    expect(mcp.outputSchema).toMatchObject({ type: "object" });
  });

  it("leaves out an output schema that is not an object, which MCP does not allow", () => {
    const tool = defineTool({
      ...base,
      name: "count",
      effect: "read",
      output: z.number(),
      handler: () => success(1),
    });
    expect(toMcpTool(tool)).not.toHaveProperty("outputSchema");
  });
});
