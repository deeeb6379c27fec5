import { definePreHook } from "../define-hook.js";

/** Sends every process_refund call to escalate_to_human "over the limit"; allows any other call. */
export const refundToHuman = definePreHook("refund-limit", (call) =>
  call.name === "process_refund"
    ? { action: "redirect", tool: "escalate_to_human", input: { reason: "over" }, reason: "over the limit" }
    : { action: "allow" },
);
