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
  it.each([
    [
      "sets every hint of a read tool explicitly",
      read,
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    ],
    [
      "marks a write tool destructive and, by default, not idempotent",
      write,
      { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    ],
  ] as const)("%s", (_behaviour, tool, hints) => {
    expect(toMcpTool(tool).annotations).toEqual(hints);
  });

  it("marks a write tool idempotent only when the spec says so", () => {
    expect(toMcpTool(idempotentWrite).annotations.idempotentHint).toBe(true);
  });

  it("lets the spec correct a derived hint and carries its title", () => {
    const ticket = defineTool({
      ...base,
      name: "open_ticket",
      title: "Open a ticket",
      effect: "write",
      annotations: { destructiveHint: false },
    });
    expect(toMcpTool(ticket)).toMatchObject({
      title: "Open a ticket",
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    });
  });

  it("refuses hints it does not know and titles that are not text", () => {
    expect(() => defineTool({ ...base, name: "x", effect: "read", title: "  " })).toThrow(/title/);
    expect(() =>
      defineTool({ ...base, name: "y", effect: "read", annotations: { sideEffects: true } as never }),
    ).toThrow(/annotations.sideEffects/);
  });

  it("uses inputSchema and keeps an object output schema as the success branch", () => {
    const tool = defineTool({
      ...base,
      name: "typed",
      effect: "read",
      output: z.object({ ok: z.boolean() }),
    });
    const mcp = toMcpTool(tool);
    expect(mcp.inputSchema).toBe(tool.inputJsonSchema);
    expect(mcp.outputSchema).toMatchObject({ type: "object", anyOf: [tool.outputJsonSchema, {}, {}] });
  });

  it("declares any object as the success branch when the output schema is not an object", () => {
    const tool = defineTool({
      ...base,
      name: "count",
      effect: "read",
      output: z.number(),
      handler: () => success(1),
    });
    expect(toMcpTool(tool).outputSchema).toMatchObject({
      anyOf: [{ type: "object", additionalProperties: true }, {}, {}],
    });
  });

  it("declares each object of a union output as its own success branch", () => {
    const tool = defineTool({
      ...base,
      name: "pay_or_hold",
      effect: "write",
      output: z.union([
        z.object({ paid: z.literal(true), id: z.string() }),
        z.object({ paid: z.literal(false) }),
      ]),
      handler: () => success({ paid: false as const }),
    });
    const branches = (toMcpTool(tool).outputSchema as { anyOf: Array<Record<string, unknown>> }).anyOf;
    expect(branches).toHaveLength(4);
    expect(branches.slice(0, 2).map((branch) => Object.keys(branch.properties as object))).toEqual([
      ["paid", "id"],
      ["paid"],
    ]);
  });
});
