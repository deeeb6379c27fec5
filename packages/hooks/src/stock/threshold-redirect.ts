import { validationError } from "@keel/errors";
import type { ToolCall } from "@keel/tools";
import { definePreHook, type HookOptions } from "../define-hook.js";
import { HookConfigError } from "../hook-config-error.js";
import type { HookContext, PreToolHook } from "../types.js";
import { compareDecimals, type Decimal } from "./decimal.js";
import { isFieldPath, readPath } from "./field-path.js";
import { readAmount } from "./read-amount.js";

export interface ThresholdRedirectOptions extends HookOptions {
  /** The tool whose calls are checked; calls to other tools are allowed untouched. */
  readonly tool: string;
  /** Dotted path of the numeric field in the input, e.g. "amount" or "refund.amount". */
  readonly field: string;
  /** Values strictly above this redirect. A number or a decimal string ("500.00"); not negative. */
  readonly limit: number | string;
  /**
   * What a value above the limit gets: `redirect` (the default) runs `redirectTo` instead; `hold` stops the
   * call until a person approves it (the agent loop pauses with `awaiting_approval`).
   */
  readonly onExceed?: "redirect" | "hold" | undefined;
  /** With `hold`: who may decide (a role or queue name), carried to the pending call. */
  readonly approver?: string | undefined;
  /** The tool to run instead (required to redirect). */
  readonly redirectTo?: string | undefined;
  /** Builds the input of `redirectTo`; `value` is the field read as a number (required to redirect). */
  readonly buildInput?: ((call: ToolCall, value: number, context: HookContext) => unknown) | undefined;
  /** Why, for traces; defaults to a sentence naming the field, value and limit. */
  readonly reason?: string | undefined;
  /** Defaults to "threshold-redirect:<tool>.<field>". */
  readonly name?: string | undefined;
}

/**
 * Redirects (or, with `onExceed: "hold"`, holds for a person) calls of `tool` whose `field` is strictly above
 * `limit` (500.00 passes, 500.01 redirects),
 * comparing exact decimals, never floats. Fails closed on values it cannot trust: missing, null,
 * NaN, ±Infinity, negative or non-numeric values block with the validation error `INVALID_INPUT`;
 * numeric strings such as "750" or "1e3" count as the number they spell.
 */
export function thresholdRedirect(options: ThresholdRedirectOptions): PreToolHook {
  const { tool, field, redirectTo, buildInput } = options;
  const hold = readMode(options) === "hold";
  const limit = readLimit(options, hold);
  if (!isFieldPath(field))
    throw invalid(`field must be a dotted path such as "amount", got ${String(field)}.`);
  if (!hold && typeof buildInput !== "function") throw invalid("buildInput must be a function.");
  const name = options.name ?? `threshold-redirect:${tool}.${field}`;
  const hookOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  return definePreHook(
    name,
    (call, context) => {
      if (call.name !== tool) return { action: "allow" };
      const path = readPath(call.input, field);
      const amount = readAmount(path.found ? path.value : undefined);
      if (!amount.ok) {
        const error = validationError(
          "INVALID_INPUT",
          `${tool} was not run: "${field}" ${amount.problem}. It must be a plain non-negative number ` +
            "such as 125.50; call again with a corrected value.",
          { details: { field, expected: "a finite, non-negative number", problem: amount.problem } },
        );
        return { action: "block", error };
      }
      if (compareDecimals(amount.decimal, limit.decimal) <= 0) return { action: "allow" };
      if (hold) {
        return {
          action: "hold",
          reason: options.reason ?? `${field} ${amount.value} is above the limit ${limit.text} for ${tool}`,
          ...(options.approver === undefined ? {} : { approver: options.approver }),
        };
      }
      return {
        action: "redirect",
        tool: redirectTo as string,
        input: (buildInput as NonNullable<typeof buildInput>)(call, amount.value, context),
        reason:
          options.reason ??
          `${field} ${amount.value} is above the limit ${limit.text} for ${tool}; redirected to ${redirectTo}`,
      };
    },
    hookOptions,
  );
}

function readMode(options: ThresholdRedirectOptions): "redirect" | "hold" {
  const mode = options.onExceed ?? "redirect";
  if (mode !== "redirect" && mode !== "hold")
    throw invalid(`onExceed must be "redirect" or "hold", got ${String(mode)}.`);
  if (options.approver !== undefined && typeof options.approver !== "string")
    throw invalid("approver must be a string.");
  return mode;
}

function readLimit(
  options: ThresholdRedirectOptions,
  hold: boolean,
): { readonly decimal: Decimal; readonly text: string } {
  const { tool, redirectTo, limit } = options;
  if (typeof tool !== "string" || tool === "") throw invalid("tool must be a tool name.");
  if (!hold && (typeof redirectTo !== "string" || redirectTo === ""))
    throw invalid("redirectTo must be a tool name.");
  const reading = typeof limit === "number" || typeof limit === "string" ? readAmount(limit) : undefined;
  if (!reading?.ok) throw invalid(`limit must be a finite, non-negative number, got ${String(limit)}.`);
  return { decimal: reading.decimal, text: String(limit) };
}

function invalid(message: string): HookConfigError {
  return new HookConfigError("INVALID_HOOK_OPTIONS", `thresholdRedirect: ${message}`);
}
