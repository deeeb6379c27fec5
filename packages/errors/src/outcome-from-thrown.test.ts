import { describe, expect, it } from "vitest";
import { permissionError } from "./builders.js";
import { toMcpResult } from "./mcp-result.js";
import { outcomeFromThrown } from "./outcome-from-thrown.js";
import { renderOutcomeText } from "./render-outcome-text.js";
import { ToolError } from "./tool-error.js";
import { toToolResultBlock } from "./tool-result-block.js";

const SECRET = "postgres://admin:hunter2@db.internal:5432/orders";

function internalError(): Error {
  const error = new Error(`connect ECONNREFUSED ${SECRET}`);
  error.stack = `Error: connect ECONNREFUSED ${SECRET}\n    at Pool.connect (/srv/app/node_modules/pg/lib/pool.js:45:11)`;
  return error;
}

describe("outcomeFromThrown", () => {
  it("returns the outcome a ToolError carries, unchanged", () => {
    const outcome = permissionError("REFUND_FORBIDDEN", "Only supervisors may refund.");
    expect(outcomeFromThrown(new ToolError(outcome), { toolName: "process_refund" })).toBe(outcome);
  });

  it("classifies an unexpected exception as unclassified TOOL_EXCEPTION that is not retryable", () => {
    const outcome = outcomeFromThrown(internalError(), { toolName: "lookup_order" });
    expect(outcome).toMatchObject({ category: "unclassified", code: "TOOL_EXCEPTION", retryable: false });
    expect(outcome.message).toContain('"lookup_order"');
    expect(outcome.message).toContain("Do not repeat the same call");
  });

  it("leaks neither the stack nor the internal message to anything the model sees", () => {
    const outcome = outcomeFromThrown(internalError(), { toolName: "lookup_order" });
    const everything = [
      JSON.stringify(outcome),
      renderOutcomeText(outcome),
      toToolResultBlock("toolu_1", outcome).content,
      JSON.stringify(toMcpResult(outcome)),
    ].join("\n");
    for (const leak of ["hunter2", "ECONNREFUSED", "db.internal", "pool.js", "    at "]) {
      expect(everything).not.toContain(leak);
    }
    expect("stack" in outcome).toBe(false);
  });

  it.each([["a string"], [{ stack: "at x", message: "secret" }], [undefined], [42]])(
    "classifies the non-Error throw %j the same way",
    (thrown) => {
      const outcome = outcomeFromThrown(thrown, { toolName: "lookup_order" });
      expect(outcome.code).toBe("TOOL_EXCEPTION");
      expect(JSON.stringify(outcome)).not.toContain("secret");
    },
  );

  it("does not trust a look-alike ToolError whose outcome is malformed", () => {
    const fake = { outcome: { kind: "success", isError: false, data: 1 } };
    Object.defineProperty(fake, Symbol.for("keel.error.ToolError"), { value: true });
    expect(outcomeFromThrown(fake, { toolName: "lookup_order" }).code).toBe("TOOL_EXCEPTION");
  });
});
