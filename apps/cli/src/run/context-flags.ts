import type { ContextOptions } from "@keel/loop";
import { readInteger } from "../commands/command.js";
import { UsageError } from "../usage-error.js";

/** The API's compaction trigger when none is given (`BetaCompact20260112Edit.trigger` of @anthropic-ai/sdk). */
const API_COMPACTION_TRIGGER = 150_000;

/** The flags whose value is optional: `--compact` alone, or `--compact=TOKENS`. */
const OPTIONAL_VALUE_FLAGS = ["compact", "clear-tool-uses"] as const;

export interface ContextFlags {
  /** `""` for the bare flag (see withOptionalValues), the TOKENS text for `--compact=TOKENS`. */
  readonly compact?: string | undefined;
  readonly "clear-tool-uses"?: string | undefined;
  readonly "max-input-tokens"?: string | undefined;
}

export const CONTEXT_OPTIONS = {
  compact: { type: "string" },
  "clear-tool-uses": { type: "string" },
  "max-input-tokens": { type: "string" },
} as const;

/**
 * `node:util` parseArgs has no option with an optional value, so the bare `--compact` and `--clear-tool-uses`
 * become `--compact=` and `--clear-tool-uses=` (an empty value: the default trigger) before parsing, and
 * `--compact=TOKENS` passes as it is. `--compact=` typed with nothing after it, and `--compact 60000` (the
 * number as a separate argument, which would be read as the request), are usage errors naming the form.
 * Arguments after `--` are left alone.
 */
export function withOptionalValues(args: readonly string[]): string[] {
  const end = args.indexOf("--");
  const options = end === -1 ? args : args.slice(0, end);
  const rewritten = options.map((arg, index) => {
    for (const name of OPTIONAL_VALUE_FLAGS) {
      const flag = `--${name}`;
      if (arg === `${flag}=`) {
        throw new UsageError(
          `${flag}= needs a number of input tokens (${flag}=60000), or give ${flag} alone.`,
        );
      }
      if (arg !== flag) continue;
      const next = options[index + 1];
      if (next !== undefined && /^\d[\d_,]*$/.test(next)) {
        throw new UsageError(`${flag} takes its trigger after "=": ${flag}=${next}.`);
      }
      return `${flag}=`;
    }
    return arg;
  });
  return end === -1 ? rewritten : [...rewritten, ...args.slice(end)];
}

/** `""` (the bare flag): the API's default trigger; otherwise a positive number of input tokens. */
const triggerOf = (flag: string, text: string | undefined): number | undefined =>
  text === undefined || text === "" ? undefined : readInteger(flag, text, 1);

/**
 * `--compact[=TOKENS]`, `--clear-tool-uses[=TOKENS]` and `--max-input-tokens N` as runAgent's `context`,
 * checked here so a mistake is a usage error naming the flags (runAgent would name its own options).
 */
export function contextOptions(flags: ContextFlags): ContextOptions | undefined {
  const compact = flags.compact;
  const clear = flags["clear-tool-uses"];
  const compactTrigger = triggerOf("--compact", compact);
  const clearTrigger = triggerOf("--clear-tool-uses", clear);
  const budgetText = flags["max-input-tokens"];
  const maxInputTokens =
    budgetText === undefined ? undefined : readInteger("--max-input-tokens", budgetText, 1);
  if (compact !== undefined && maxInputTokens !== undefined) {
    const compactsAt = compactTrigger ?? API_COMPACTION_TRIGGER;
    if (compactsAt >= maxInputTokens) {
      throw new UsageError(
        `--compact compacts at ${compactsAt.toLocaleString("en-US")} input tokens${compactTrigger === undefined ? " (the API's default)" : ""}, ` +
          `not below --max-input-tokens ${maxInputTokens.toLocaleString("en-US")}: give --compact=TOKENS below the budget.`,
      );
    }
  }
  const context: ContextOptions = {
    ...(compact === undefined
      ? {}
      : { compact: compactTrigger === undefined ? true : { trigger: compactTrigger } }),
    ...(clear === undefined
      ? {}
      : { clearToolUses: clearTrigger === undefined ? true : { trigger: clearTrigger } }),
    ...(maxInputTokens === undefined ? {} : { maxInputTokens }),
  };
  return Object.keys(context).length === 0 ? undefined : context;
}
