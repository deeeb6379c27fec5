import {
  businessError,
  permissionError,
  success,
  type ToolOutcome,
  transientError,
  validationError,
  validEmpty,
} from "@keel/errors";
import { isRecord } from "@keel/errors/internal";
import { definePreHook, type PreToolHook } from "@keel/hooks";
import { defineTool, type Tool } from "@keel/tools";
import { z } from "zod";

/** How a handler answers: every outcome kind and category, a throw, and a failure that heals on retry. */
export const OUTCOMES = [
  "success",
  "empty",
  "transient",
  "transient-once",
  "validation",
  "business",
  "permission",
  "throw",
] as const;
export type OutcomeName = (typeof OUTCOMES)[number];

/** What a pre hook does with a call: the input says. */
export const POLICIES = ["allow", "block", "redirect", "rewrite"] as const;

/** One handler run: which tool, for which tool_use, with which idempotency key. */
export interface HandlerRun {
  readonly tool: string;
  readonly toolUseId: string;
  readonly idempotencyKey: string | undefined;
}

export const TOOL_NAMES = ["read_a", "read_b", "write_c", "write_d"] as const;
/** The redirect target: a read, so a redirect never writes. */
export const REDIRECT_TARGET = "read_b";

const inputSchema = z.strictObject({
  policy: z.enum(POLICIES),
  outcome: z.enum(OUTCOMES),
  n: z.number().int(),
});

function outcomeOf(name: OutcomeName, firstAttempt: boolean, tool: string): ToolOutcome {
  switch (name) {
    case "success":
      return success({ tool });
    case "empty":
      return validEmpty("NOTHING_THERE", "We looked: nothing there.");
    case "transient":
      return transientError("BUSY", "Busy; retry the same call.");
    case "transient-once":
      return firstAttempt
        ? transientError("BUSY", "Busy; retry the same call.")
        : success({ tool, healed: true });
    case "validation":
      return validationError("BAD_ARGUMENT", "Fix the argument.");
    case "business":
      return businessError("NOT_ALLOWED", "A rule forbids it.");
    case "permission":
      return permissionError("FORBIDDEN", "Not for this caller.");
    case "throw":
      throw new Error("the handler blew up");
  }
}

/** Four tools (two reads, two writes) that record every run and answer as their input says. */
export function propertyTools(runs: HandlerRun[]): Tool[] {
  return TOOL_NAMES.map((name) =>
    defineTool({
      name,
      description: `Property-test tool ${name}.`,
      input: inputSchema,
      effect: name.startsWith("read") ? "read" : "write",
      handler: (input, context) => {
        const firstAttempt = !runs.some((run) => run.toolUseId === context.toolUseId && run.tool === name);
        runs.push({ tool: name, toolUseId: context.toolUseId, idempotencyKey: context.idempotencyKey });
        return outcomeOf(input.outcome, firstAttempt, name);
      },
    }),
  ) as Tool[];
}

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** A pre hook that blocks, redirects (to read_b) or rewrites as the call's `policy` says. */
export const policyHook: PreToolHook = definePreHook("policy", (call) => {
  const input = record(call.input);
  switch (input.policy) {
    case "block":
      return { action: "block", error: businessError("BLOCKED", "A hook said no.") };
    case "redirect":
      return {
        action: "redirect",
        tool: REDIRECT_TARGET,
        input: { policy: "allow", outcome: "success", n: 0 },
        reason: "property redirect",
      };
    case "rewrite":
      return {
        action: "rewrite",
        input: { ...input, n: Number(input.n ?? 0) + 1 },
        reason: "property rewrite",
      };
    default:
      return { action: "allow" };
  }
});
