import type { ContextManagementEdit } from "@keel/wire";
import { z } from "zod/v4";
import type { RequestFields } from "./request-parameters.js";
import { RunOptionsError } from "./run-options-error.js";

/** The betas each kind of edit needs (compaction guide; context-editing guide). */
export const COMPACTION_BETA = "compact-2026-01-12";
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27";
/** The API's default compaction trigger (`BetaCompact20260112Edit.trigger`: "Defaults to 150000 input tokens"). */
export const DEFAULT_COMPACTION_TRIGGER = 150_000;

const tokens = z.number().int().positive();

const compactSchema = z.strictObject({
  /** Input tokens past which the API summarises earlier turns (default 150,000). */
  trigger: tokens.optional(),
  /** Extra instructions for the summary. */
  instructions: z.string().min(1).optional(),
  /** Return the compaction block alone (stop reason `compaction`); the run sends it back and continues. */
  pauseAfterCompaction: z.boolean().optional(),
});

const clearToolUsesSchema = z.strictObject({
  /** Input tokens (a number) or `{ toolUses }` past which the oldest tool results are cleared. */
  trigger: z.union([tokens, z.strictObject({ toolUses: tokens })]).optional(),
  /** Tool uses kept, newest first (the API's default is 3). */
  keep: tokens.optional(),
  /** Clear only when at least this many input tokens go: one cache write pays for several requests. */
  clearAtLeast: tokens.optional(),
  /** Tools whose uses are never cleared. */
  excludeTools: z.array(z.string().min(1)).optional(),
  /** Clear the `tool_use` inputs too: all (`true`) or of these tools. */
  clearToolInputs: z.union([z.boolean(), z.array(z.string().min(1))]).optional(),
});

const clearThinkingSchema = z.strictObject({
  /** Assistant turns whose thinking is kept, newest first, or "all" (the prompt cache then holds). */
  keep: z.union([tokens, z.literal("all")]).optional(),
});

const enabled = <T extends z.ZodType>(schema: T) => z.union([z.literal(true), schema]).optional();

export const contextOptionsSchema = z.strictObject({
  compact: enabled(compactSchema),
  clearToolUses: enabled(clearToolUsesSchema),
  clearThinking: enabled(clearThinkingSchema),
  /** No request is sent with more input tokens than this (counted, or estimated: see the README). */
  maxInputTokens: tokens.optional(),
});

/**
 * What a run asks the API to do with its context: server-side compaction, tool-use clearing and thinking
 * clearing, and a per-request input budget. `true` turns an edit on with the API's defaults.
 */
export type ContextOptions = z.input<typeof contextOptionsSchema>;

/**
 * Validates `context` against the run's other options and turns it into the API's edits: thinking
 * clearing first (the context-editing guide lists it first when both are used), then tool-use clearing,
 * then compaction (which then summarises what clearing left).
 */
export function resolveContext(
  value: unknown,
  request: RequestFields,
  toolNames: readonly string[],
): {
  /** `request` with the edits and their betas: what every request asks the server to edit. */
  readonly request: RequestFields;
  readonly maxInputTokens: number | undefined;
  /** The compaction trigger when compaction is on. */
  readonly compactTrigger: number | undefined;
} {
  if (value === undefined) return { request, maxInputTokens: undefined, compactTrigger: undefined };
  const parsed = contextOptionsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ["context", ...issue.path.map(String)].join(".");
    throw new RunOptionsError(`runAgent: "${path}": ${issue.message}.`);
  }
  const { compact, clearToolUses, clearThinking, maxInputTokens } = parsed.data;
  const edits: ContextManagementEdit[] = [];
  if (clearThinking !== undefined) {
    const thinking = request.thinking?.type;
    if (thinking === undefined || thinking === "disabled") {
      throw new RunOptionsError(
        `runAgent: "context.clearThinking" clears thinking blocks, but "request.thinking" is not on.`,
      );
    }
    const keep = clearThinking === true ? undefined : clearThinking.keep;
    edits.push({
      type: "clear_thinking_20251015",
      ...(keep === undefined
        ? {}
        : { keep: keep === "all" ? "all" : { type: "thinking_turns", value: keep } }),
    });
  }
  if (clearToolUses !== undefined) {
    const options = clearToolUses === true ? {} : clearToolUses;
    const named = [
      ...(options.excludeTools ?? []),
      ...(Array.isArray(options.clearToolInputs) ? options.clearToolInputs : []),
    ];
    const unknown = named.find((name) => !toolNames.includes(name));
    if (unknown !== undefined) {
      throw new RunOptionsError(
        `runAgent: "context.clearToolUses" names "${unknown}", which is not a tool of this run.`,
      );
    }
    const { trigger, keep, clearAtLeast, excludeTools, clearToolInputs } = options;
    edits.push({
      type: "clear_tool_uses_20250919",
      ...(trigger === undefined
        ? {}
        : {
            trigger:
              typeof trigger === "number"
                ? { type: "input_tokens", value: trigger }
                : { type: "tool_uses", value: trigger.toolUses },
          }),
      ...(keep === undefined ? {} : { keep: { type: "tool_uses", value: keep } }),
      ...(clearAtLeast === undefined
        ? {}
        : { clear_at_least: { type: "input_tokens", value: clearAtLeast } }),
      ...(excludeTools === undefined ? {} : { exclude_tools: excludeTools }),
      ...(clearToolInputs === undefined ? {} : { clear_tool_inputs: clearToolInputs }),
    });
  }
  let compactTrigger: number | undefined;
  if (compact !== undefined) {
    const options = compact === true ? {} : compact;
    compactTrigger = options.trigger ?? DEFAULT_COMPACTION_TRIGGER;
    if (maxInputTokens !== undefined && compactTrigger >= maxInputTokens) {
      throw new RunOptionsError(
        `runAgent: "context.compact.trigger" (${compactTrigger}) must be below "context.maxInputTokens" ` +
          `(${maxInputTokens}), so the API compacts before a request passes the budget.`,
      );
    }
    edits.push({
      type: "compact_20260112",
      ...(options.trigger === undefined ? {} : { trigger: { type: "input_tokens", value: options.trigger } }),
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      ...(options.pauseAfterCompaction === undefined
        ? {}
        : { pause_after_compaction: options.pauseAfterCompaction }),
    });
  }
  return { request: withContextEdits(request, edits), maxInputTokens, compactTrigger };
}

/**
 * The request fields with the context edits and their betas: the one place that decides what a request
 * asks the server to edit (`request` itself cannot carry `context_management`).
 */
function withContextEdits(request: RequestFields, edits: readonly ContextManagementEdit[]): RequestFields {
  if (edits.length === 0) return request;
  const betas = new Set(request.betas ?? []);
  for (const edit of edits) {
    betas.add(edit.type === "compact_20260112" ? COMPACTION_BETA : CONTEXT_MANAGEMENT_BETA);
  }
  return { ...request, betas: [...betas], context_management: { edits: [...edits] } };
}
