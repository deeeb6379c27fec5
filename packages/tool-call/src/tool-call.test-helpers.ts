import { definePreHook } from "@keel/hooks";

// The calls and context the hook tests build: the same HookContext serves the one tool-call path.
export { completed, makeCall, makeContext } from "../../hooks/src/hook-context.test-helpers.js";

/** Sends every process_refund call to escalate_to_human "over the limit"; allows any other call. */
export const refundToHuman = definePreHook("refund-limit", (call) =>
  call.name === "process_refund"
    ? { action: "redirect", tool: "escalate_to_human", input: { reason: "over" }, reason: "over the limit" }
    : { action: "allow" },
);
