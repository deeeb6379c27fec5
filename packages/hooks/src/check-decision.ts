import { isToolOutcome } from "@keel/errors";
import { isRecord } from "@keel/errors/internal";
import type { PreToolDecision } from "./types.js";

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * True when a hook returned a decision the composition can act on. Anything else (null, an unknown
 * action, a block without a proper error outcome, a redirect to a malformed tool name, a missing
 * input or reason) is garbage, and garbage fails closed.
 */
export function isPreToolDecision(value: unknown): value is PreToolDecision {
  if (!isRecord(value)) return false;
  switch (value.action) {
    case "allow":
      return true;
    case "block":
      return isToolOutcome(value.error) && value.error.kind === "error";
    case "redirect":
      return (
        typeof value.tool === "string" &&
        TOOL_NAME.test(value.tool) &&
        "input" in value &&
        value.input !== undefined &&
        typeof value.reason === "string"
      );
    case "rewrite":
      return "input" in value && value.input !== undefined && typeof value.reason === "string";
    case "hold":
      return (
        typeof value.reason === "string" &&
        value.reason !== "" &&
        (value.approver === undefined || typeof value.approver === "string") &&
        (value.tool === undefined || (typeof value.tool === "string" && TOOL_NAME.test(value.tool)))
      );
    default:
      return false;
  }
}
