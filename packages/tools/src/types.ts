import type { EmptyOutcome, ErrorOutcome, SuccessOutcome, ToolOutcome } from "@keel/errors";
import type { z } from "zod/v4";

/** Reads may run concurrently and early; writes run one at a time, in the model's order. */
export type ToolEffect = "read" | "write";

/** One "do NOT use when" boundary: the situation, and the sibling tool to use instead. */
export interface ToolBoundary {
  readonly when: string;
  readonly useInstead?: string | undefined;
}

/** The four parts of a description that routes: what, when, when not (naming the sibling), takes/returns. */
export interface ToolDescription {
  readonly does: string;
  readonly useWhen: readonly string[];
  readonly doNotUseWhen: readonly ToolBoundary[];
  readonly takes: string;
  readonly returns: string;
}

/** A call the model asked for (the Anthropic `tool_use` block, minus `type`). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** What a handler receives beside its validated input. */
export interface ToolContext {
  readonly signal: AbortSignal;
  readonly toolUseId: string;
  readonly runId: string;
  readonly iteration: number;
  /** Present for write tools: the same for the same run, tool and canonical input. */
  readonly idempotencyKey?: string;
  /** Caller-supplied values (e.g. the authenticated role), passed through untouched. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /**
   * A person approved exactly this call (a held call resumed with a signed approval): a limit that sends
   * calls to a person should not send this one back.
   */
  readonly approved?: boolean;
}

/** The MCP tool hints, every one set on purpose (clients read a missing hint pessimistically). */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** What a handler returns: a success typed by the tool's `output`, or an empty or error outcome. */
export type HandlerOutcome<T> = SuccessOutcome<T> | EmptyOutcome | ErrorOutcome;

export interface ToolSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly name: string;
  /** A short human-readable name for tool pickers (MCP `title`); the model routes on `description`. */
  readonly title?: string | undefined;
  /** Structured four-part description, or a plain string (allowed, but the linter will have opinions). */
  readonly description: ToolDescription | string;
  readonly input: I;
  readonly output?: O | undefined;
  readonly effect: ToolEffect;
  /**
   * The effect of one call, when it depends on the input (the memory tool: `view` reads, every other command
   * writes). It sees the input as the model sent it, before validation: scheduling decides before the call is
   * checked. `effect` stays the tool's strongest, for what describes the tool as a whole (MCP hints).
   */
  readonly callEffect?: ((input: unknown) => ToolEffect) | undefined;
  /**
   * A client tool the Anthropic API defines (e.g. `memory_20250818`): requests carry `{ type, name }` instead of
   * a description and schema (the model knows the tool); `input` still validates every call.
   */
  readonly anthropicType?: string | undefined;
  /** Per-call time limit; exceeding it yields transient TOOL_TIMEOUT. */
  readonly timeoutMs?: number | undefined;
  /** Opt-in for read tools: an identical later call in the same run reuses the earlier non-error outcome. */
  readonly reuse?: boolean | undefined;
  /** Write tools: repeating the same call has no further effect (e.g. keyed by idempotencyKey). MCP idempotentHint. */
  readonly idempotent?: boolean | undefined;
  /**
   * Corrections of the MCP hints derived from `effect` and `idempotent`, e.g. `{ destructiveHint: false }`
   * for an additive write such as opening a ticket, `{ openWorldHint: true }` for a tool that reaches
   * outside systems.
   */
  readonly annotations?: Partial<ToolAnnotations> | undefined;
  /**
   * Returns the outcome. `output` types (and checks) the data of a success only: an `empty` outcome carries
   * its own small record (what was looked for), and an error none.
   */
  readonly handler: (
    input: z.output<I>,
    context: ToolContext,
  ) => HandlerOutcome<z.input<O>> | Promise<HandlerOutcome<z.input<O>>>;
}

/** A defined tool: the spec plus its rendered description and JSON schemas (computed once). */
export interface Tool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType>
  extends ToolSpec<I, O> {
  readonly renderedDescription: string;
  readonly inputJsonSchema: Record<string, unknown>;
  readonly outputJsonSchema?: Record<string, unknown>;
}

/** The Anthropic Messages API tool shape. */
export interface AnthropicToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  cache_control?: { type: "ephemeral" };
}

/** A client tool the Anthropic API defines (the memory tool): its versioned `type` and its `name`. */
export type AnthropicDefinedToolDefinition = {
  type: string;
  name: string;
  cache_control?: { type: "ephemeral" };
};

/** The MCP `tools/list` tool shape, as Keel serves it. */
export interface McpToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** Admits the tool's success data and the valid-empty and redirect envelopes (`anyOf`). */
  outputSchema: Record<string, unknown>;
  annotations: ToolAnnotations;
}

export type ValidationResult =
  | { readonly ok: true; readonly tool: Tool; readonly input: unknown }
  | { readonly ok: false; readonly outcome: ToolOutcome };
