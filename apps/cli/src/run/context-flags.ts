import type { ContextOptions } from "@keel/loop";
import { readInteger } from "../commands/command.js";
import { UsageError } from "../usage-error.js";

/** The API's compaction trigger when none is given (`BetaCompact20260112Edit.trigger` of @anthropic-ai/sdk). */
const API_COMPACTION_TRIGGER = 150_000;

export interface ContextFlags {
  readonly compact?: boolean | undefined;
  readonly "compact-trigger"?: string | undefined;
  readonly "clear-tool-uses"?: boolean | undefined;
  readonly "max-input-tokens"?: string | undefined;
}

export const CONTEXT_OPTIONS = {
  compact: { type: "boolean" },
  "compact-trigger": { type: "string" },
  "clear-tool-uses": { type: "boolean" },
  "max-input-tokens": { type: "string" },
} as const;

/**
 * `--compact [--compact-trigger N]`, `--clear-tool-uses` and `--max-input-tokens N` as runAgent's `context`,
 * checked here so a mistake is a usage error naming the flags (runAgent would name its own options).
 */
export function contextOptions(flags: ContextFlags): ContextOptions | undefined {
  const triggerText = flags["compact-trigger"];
  if (triggerText !== undefined && flags.compact !== true) {
    throw new UsageError("--compact-trigger sets when --compact compacts: add --compact.");
  }
  const trigger = triggerText === undefined ? undefined : readInteger("--compact-trigger", triggerText, 1);
  const budgetText = flags["max-input-tokens"];
  const maxInputTokens =
    budgetText === undefined ? undefined : readInteger("--max-input-tokens", budgetText, 1);
  if (flags.compact === true && maxInputTokens !== undefined) {
    const compactsAt = trigger ?? API_COMPACTION_TRIGGER;
    if (compactsAt >= maxInputTokens) {
      throw new UsageError(
        `--compact compacts at ${compactsAt.toLocaleString("en-US")} input tokens${trigger === undefined ? " (the API's default)" : ""}, ` +
          `not below --max-input-tokens ${maxInputTokens.toLocaleString("en-US")}: give a --compact-trigger below the budget.`,
      );
    }
  }
  const context: ContextOptions = {
    ...(flags.compact === true ? { compact: trigger === undefined ? true : { trigger } } : {}),
    ...(flags["clear-tool-uses"] === true ? { clearToolUses: true } : {}),
    ...(maxInputTokens === undefined ? {} : { maxInputTokens }),
  };
  return Object.keys(context).length === 0 ? undefined : context;
}
