import { success, unclassifiedError } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { z } from "zod";

/** Ten mebibytes: far above what any history should carry. */
export const OVERSIZED_CHARS = 10 * 1024 * 1024;

/** A read tool whose answer (or error message) is 10 MB, to show the post hooks bound what enters the history. */
export const oversizedTool = defineTool({
  name: "export_audit_log",
  description: {
    does: "Exports the whole audit log as one string.",
    useWhen: ["someone asks for the audit log"],
    doNotUseWhen: [{ when: "a customer asks about an order", useInstead: "lookup_order" }],
    takes: "nothing (fail: true makes it fail, for tests)",
    returns: "the log",
  },
  input: z.strictObject({ fail: z.boolean().optional() }),
  effect: "read",
  handler: ({ fail }) =>
    fail
      ? unclassifiedError("EXPORT_FAILED", `The export failed: ${"e".repeat(OVERSIZED_CHARS)}`)
      : success({ log: "x".repeat(OVERSIZED_CHARS) }),
});
