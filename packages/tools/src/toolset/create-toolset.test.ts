import { KeelConfigError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { ToolsetConfigError } from "../config-errors.js";
import { toAnthropicTool, toMcpTool } from "../definition/tool-definitions.js";
import type { Tool } from "../types.js";
import { createToolset } from "./create-toolset.js";
import { callTool, getCustomer, issueRefund, lookupOrder } from "./toolset.test-helpers.js";

describe("createToolset", () => {
  it("is a dispatch table: names in order, get by name", () => {
    const toolset = createToolset([lookupOrder, getCustomer]);
    expect(toolset.names).toEqual(["lookup_order", "get_customer"]);
    expect(toolset.get("get_customer")).toBe(getCustomer);
    expect(toolset.get("nope")).toBeUndefined();
  });

  it("computes the Anthropic and MCP definitions once and hands out the same arrays every time", () => {
    const toolset = createToolset([lookupOrder, issueRefund]);
    expect(toolset.anthropicTools).toBe(toolset.anthropicTools);
    expect(toolset.mcpTools).toBe(toolset.mcpTools);
    expect(toolset.anthropicTools).toEqual([toAnthropicTool(lookupOrder), toAnthropicTool(issueRefund)]);
    expect(toolset.mcpTools).toEqual([toMcpTool(lookupOrder), toMcpTool(issueRefund)]);
  });

  it("freezes the shared definitions so one caller cannot change what every request sends", () => {
    const toolset = createToolset([lookupOrder]);
    expect(Object.isFrozen(toolset.anthropicTools)).toBe(true);
    expect(Object.isFrozen(toolset.anthropicTools[0])).toBe(true);
  });

  it("refuses duplicate names with a ToolsetConfigError", () => {
    let thrown: unknown;
    try {
      createToolset([lookupOrder, getCustomer, lookupOrder]);
    } catch (error) {
      thrown = error;
    }
    expect(ToolsetConfigError.isInstance(thrown)).toBe(true);
    expect(KeelConfigError.isInstance(thrown)).toBe(true);
    expect((thrown as ToolsetConfigError).code).toBe("DUPLICATE_TOOL_NAME");
    expect((thrown as Error).message).toContain('"lookup_order"');
  });

  it("refuses a spec that did not go through defineTool", () => {
    const spec = {
      name: "raw",
      description: "x",
      input: lookupOrder.input,
      effect: "read",
      handler: () => null,
    };
    expect(() => createToolset([spec as unknown as Tool])).toThrow(/defineTool/);
  });

  it("executes a valid call through validation and the handler", async () => {
    expect(await callTool(lookupOrder, { orderId: "ORD-1" })).toEqual({
      kind: "success",
      isError: false,
      data: { orderId: "ORD-1", status: "shipped" },
    });
  });

  it("gives the handler the zod-parsed input, not the raw one", async () => {
    const toolset = createToolset([lookupOrder]);
    const result = toolset.validate({
      id: "t1",
      name: "lookup_order",
      input: { orderId: "ORD-1", extra: true },
    });
    expect(result.ok && result.input).toEqual({ orderId: "ORD-1" });
  });

  it("never throws from validate, even for a call that is not an object", () => {
    const toolset = createToolset([lookupOrder]);
    const result = toolset.validate(null as never);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.outcome).toMatchObject({
      kind: "error",
      category: "validation",
      code: "UNKNOWN_TOOL",
    });
  });
});
