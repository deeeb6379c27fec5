import type { ErrorOutcome } from "@keel/errors";
import { definePreHook, type HookContext, type PreToolHook } from "@keel/hooks";
import type { ToolCall } from "@keel/tools";
import type { RetailDb } from "../db/retail-db.js";

/** What a rule sees: the call, its input as a record, the hook context and the live database. */
export interface RuleCall {
  readonly call: ToolCall;
  readonly input: Readonly<Record<string, unknown>>;
  readonly context: HookContext;
  readonly db: RetailDb;
}

/**
 * One policy rule as a pre-tool hook: `check` returns the error that blocks the call (its message says what
 * the policy requires), or undefined to allow it. Only calls of `tools` are checked.
 */
export function retailRule(
  name: string,
  tools: ReadonlySet<string> | "all",
  check: (rule: RuleCall) => ErrorOutcome | undefined,
): (db: RetailDb) => PreToolHook {
  return (db) =>
    definePreHook(name, (call, context) => {
      if (tools !== "all" && !tools.has(call.name)) return { action: "allow" };
      const input = (typeof call.input === "object" && call.input !== null ? call.input : {}) as Record<
        string,
        unknown
      >;
      const error = check({ call, input, context, db });
      return error === undefined ? { action: "allow" } : { action: "block", error };
    });
}

/** The string field of an input, or undefined. */
export const stringField = (input: Readonly<Record<string, unknown>>, key: string): string | undefined =>
  typeof input[key] === "string" ? input[key] : undefined;

/** The string list of an input, or an empty list. */
export const stringList = (input: Readonly<Record<string, unknown>>, key: string): readonly string[] =>
  Array.isArray(input[key]) ? input[key].filter((value): value is string => typeof value === "string") : [];
