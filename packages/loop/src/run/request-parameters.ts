import type { MessageCreateRequest } from "@keel/wire";
import { z } from "zod/v4";
import { RunOptionsError } from "./run-options-error.js";

/**
 * Messages API request parameters `runAgent` passes through to every request, validated once with the
 * API's own rules so a run never starts with a request the API would reject (400).
 */
const thinkingSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("enabled"), budget_tokens: z.number().int().min(1024) }),
  z.strictObject({ type: z.literal("adaptive") }),
  z.strictObject({ type: z.literal("disabled") }),
]);

const toolChoiceSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("auto"), disable_parallel_tool_use: z.boolean().optional() }),
  z.strictObject({ type: z.literal("any"), disable_parallel_tool_use: z.boolean().optional() }),
  z.strictObject({
    type: z.literal("tool"),
    name: z.string().min(1),
    disable_parallel_tool_use: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal("none") }),
]);

export const requestParametersSchema = z.strictObject({
  thinking: thinkingSchema.optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().gt(0).max(1).optional(),
  top_k: z.number().int().positive().optional(),
  stop_sequences: z.array(z.string().min(1)).max(8192).optional(),
  metadata: z.strictObject({ user_id: z.string().max(256).optional() }).optional(),
  tool_choice: toolChoiceSchema.optional(),
  service_tier: z.enum(["auto", "standard_only"]).optional(),
  /** Beta features, sent as the `anthropic-beta` header by the Anthropic client. */
  betas: z.array(z.string().min(1)).optional(),
});

/** The request parameters a run sends on every request (see `RunOptions.request`). */
export type RequestParameters = z.input<typeof requestParametersSchema>;

/**
 * Checks the parameters against the schema and against the API's cross-field rules: with thinking enabled
 * `max_tokens` must exceed `budget_tokens`, and the tool choice may only be `auto` or `none` (the forced
 * final answer already uses `none`); thinking is not compatible with `temperature` or `top_k`, and `top_p`
 * must then be at least 0.95. A `tool` choice must name one of the run's tools.
 */
export function resolveRequestParameters(
  value: unknown,
  maxTokens: number,
  toolNames: readonly string[],
): RequestFields {
  if (value === undefined) return {};
  const parsed = requestParametersSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.length > 0 ? `request.${issue.path.map(String).join(".")}` : "request";
    throw new RunOptionsError(`runAgent: "${path}": ${issue.message}.`);
  }
  const parameters = parsed.data;
  const { thinking, tool_choice: choice } = parameters;
  if (choice?.type === "tool" && !toolNames.includes(choice.name)) {
    throw new RunOptionsError(
      `runAgent: "request.tool_choice.name" names "${choice.name}", which is not a tool of this run.`,
    );
  }
  if ((choice?.type === "any" || choice?.type === "tool") && toolNames.length === 0) {
    throw new RunOptionsError(`runAgent: "request.tool_choice" forces a tool, but the run has no tools.`);
  }
  if (thinking !== undefined && thinking.type !== "disabled") {
    if (thinking.type === "enabled" && maxTokens <= thinking.budget_tokens) {
      throw new RunOptionsError(
        `runAgent: "maxTokens" (${maxTokens}) must be greater than "request.thinking.budget_tokens" ` +
          `(${thinking.budget_tokens}): thinking tokens count toward max_tokens.`,
      );
    }
    if (choice?.type === "any" || choice?.type === "tool") {
      throw new RunOptionsError(
        `runAgent: "request.tool_choice" "${choice.type}" cannot be used with thinking; use "auto" (or leave it out).`,
      );
    }
    if (parameters.temperature !== undefined || parameters.top_k !== undefined) {
      throw new RunOptionsError(
        `runAgent: "request.temperature" and "request.top_k" cannot be set with thinking on.`,
      );
    }
    if (parameters.top_p !== undefined && parameters.top_p < 0.95) {
      throw new RunOptionsError(`runAgent: "request.top_p" must be between 0.95 and 1 with thinking on.`);
    }
  }
  // The schema admits exactly the request's own fields; zod's output marks optional fields `| undefined`.
  return parameters as RequestFields;
}

/** The request fields the parameters fill. */
export type RequestFields = Readonly<
  Omit<MessageCreateRequest, "model" | "max_tokens" | "messages" | "system" | "tools">
>;
