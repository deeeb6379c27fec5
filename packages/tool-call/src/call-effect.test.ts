import { success } from "@keel/errors";
import { createToolset, defineTool } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { resolveToolCall } from "./resolve-tool-call.js";
import { makeCall, makeContext } from "./tool-call.test-helpers.js";

describe("a tool whose effect depends on the call (callEffect)", () => {
  it("gives an idempotency key to its writes only", async () => {
    const keys: Array<string | undefined> = [];
    const toolset = createToolset([
      defineTool({
        name: "notes",
        description: "Reads or writes a note.",
        input: z.object({ command: z.enum(["view", "create"]) }),
        effect: "write",
        callEffect: (input) => ((input as { command?: unknown }).command === "view" ? "read" : "write"),
        handler: (_input, context) => {
          keys.push(context.idempotencyKey);
          return success("ok");
        },
      }),
    ]);
    const options = { toolset, context: makeContext() };
    await resolveToolCall(makeCall("notes", { command: "view" }), options);
    await resolveToolCall(makeCall("notes", { command: "create" }), options);
    expect(keys[0]).toBeUndefined();
    expect(keys[1]).toMatch(/^[0-9a-f]+$/);
  });

  it("is refused on a tool whose effect is read", () => {
    expect(() =>
      defineTool({
        name: "notes",
        description: "Reads a note.",
        input: z.object({}),
        effect: "read",
        callEffect: () => "write",
        handler: () => success("ok"),
      }),
    ).toThrow(/callEffect must be a function, on a tool whose effect is "write"/);
  });
});
